// prctl is variadic, which Swift can't call: this names the one use. No logic here.
#ifndef BOARD_CPROCESS_SHIM_H
#define BOARD_CPROCESS_SHIM_H
#include <signal.h>
#include <sys/prctl.h>

/// The signal this process gets when its parent ends.
static inline int board_set_parent_death_signal(int signal) { return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0, 0, 0); }
#endif
