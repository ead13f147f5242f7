#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry for a program with its own main (ships with clang_rt.fuzzer, linked by
// -sanitize=fuzzer): it takes the command line and calls `callback` once per input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
