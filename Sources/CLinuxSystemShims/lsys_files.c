// File operations glibc declares only under _GNU_SOURCE.
#define _GNU_SOURCE 1
#include <fcntl.h>
#include <stdio.h>

#include "CLinuxSystemShims.h"

int lsys_rename_exchange(const char *from, const char *to) {
  return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
}
