#include "CFuzzerDriver.h"

#include <stdio.h>

// The stand-in used when the program is linked without libFuzzer (a plain `swift build` of the Fuzz package): the
// fuzzer runtime's strong definition replaces it under `-sanitize=fuzzer`.
__attribute__((weak)) int LLVMFuzzerRunDriver(int *argc, char ***argv,
                                              int (*callback)(const uint8_t *data, size_t size)) {
  (void)argc;
  (void)argv;
  (void)callback;
  fputs("keychain-fuzz-targets: built without libFuzzer; build with -Xswiftc -sanitize=fuzzer,address "
        "(Fuzz/run-libfuzzer)\n",
        stderr);
  return 2;
}
