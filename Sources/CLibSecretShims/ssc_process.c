// Process attributes set through variadic C functions.
#define _GNU_SOURCE 1
#include <sys/prctl.h>

#include "CLibSecretShims.h"

int ssc_process_make_undumpable(void) { return prctl(PR_SET_DUMPABLE, 0L, 0L, 0L, 0L); }
