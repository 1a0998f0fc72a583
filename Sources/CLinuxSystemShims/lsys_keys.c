// The kernel's key retention service through syscall(2): add_key(2) and keyctl(2) take a fixed number of arguments,
// but glibc offers them only through the variadic syscall(), which Swift cannot call. Every keyctl argument is
// passed as an unsigned long, as the kernel reads it.
#define _GNU_SOURCE 1
#include <linux/keyctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "CLinuxSystemShims.h"

int32_t lsys_key_add_user(const char *description, const void *payload, size_t length, int32_t keyring) {
  return (int32_t)syscall(SYS_add_key, "user", description, payload, length, (long)keyring);
}

long lsys_key_search_user(int32_t keyring, const char *description) {
  return syscall(SYS_keyctl, (unsigned long)KEYCTL_SEARCH, (unsigned long)(long)keyring, (unsigned long)"user",
                 (unsigned long)description, 0UL);
}

long lsys_key_read(int32_t key, void *buffer, size_t length) {
  return syscall(SYS_keyctl, (unsigned long)KEYCTL_READ, (unsigned long)(long)key, (unsigned long)buffer,
                 (unsigned long)length);
}

long lsys_key_describe(int32_t key, char *buffer, size_t length) {
  return syscall(SYS_keyctl, (unsigned long)KEYCTL_DESCRIBE, (unsigned long)(long)key, (unsigned long)buffer,
                 (unsigned long)length);
}

long lsys_key_set_permissions(int32_t key, uint32_t permissions) {
  return syscall(SYS_keyctl, (unsigned long)KEYCTL_SETPERM, (unsigned long)(long)key, (unsigned long)permissions);
}

long lsys_key_set_timeout(int32_t key, uint32_t seconds) {
  return syscall(SYS_keyctl, (unsigned long)KEYCTL_SET_TIMEOUT, (unsigned long)(long)key, (unsigned long)seconds);
}

long lsys_key_invalidate(int32_t key) {
  return syscall(SYS_keyctl, (unsigned long)KEYCTL_INVALIDATE, (unsigned long)(long)key);
}
