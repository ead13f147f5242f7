// The declaration in include/ is all this module is; libFuzzer defines the function.
#include "CFuzzerDriver.h"
