#ifndef C_FUZZER_DRIVER_H
#define C_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for a program with its own `main` (compiler-rt's FuzzerDriver): parses libFuzzer's
/// flags from argv and runs `callback` on every input. Provided by the fuzzer runtime that `-sanitize=fuzzer` links;
/// without it, a stand-in reports that the program was built without it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
