#ifndef CLINUXSYSTEMSHIMS_H
#define CLINUXSYSTEMSHIMS_H
// What Swift cannot call of Linux's system interface: system calls glibc offers only through the variadic syscall(2)
// or prctl(2), functions it declares only under _GNU_SOURCE, and a posix_spawn with its attributes. No GLib, no
// libsecret. Every symbol is prefixed `lsys_`.
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - The kernel's key retention service (add_key(2), keyctl(2))

// Fixed-arity wrappers over syscall(2), which Swift cannot call (it is variadic), for the few operations the
// keychain files need; no libkeyutils. Each returns what the system call returns: -1 with errno set on failure.
// Key serial numbers are `int32_t` (`key_serial_t`); the special keyrings are negative (`KEY_SPEC_USER_KEYRING` -4).

/// `add_key("user", description, payload, length, keyring)`: a new key of type `user` in `keyring`, or the payload
/// of the key of that description already there replaced (same serial number). Returns the key's serial number.
int32_t lsys_key_add_user(const char *description, const void *payload, size_t length, int32_t keyring);
/// `keyctl(KEYCTL_SEARCH, keyring, "user", description, 0)`: the serial number of the `user` key of that
/// description reachable from `keyring` (nothing is linked anywhere).
long lsys_key_search_user(int32_t keyring, const char *description);
/// `keyctl(KEYCTL_READ, key, buffer, length)`: copies up to `length` bytes of the payload (a keyring's payload is its
/// keys' serial numbers) and returns the payload's whole size, which may exceed `length`.
long lsys_key_read(int32_t key, void *buffer, size_t length);
/// `keyctl(KEYCTL_DESCRIBE, key, buffer, length)`: `type;uid;gid;perm;description` and a NUL; returns the size
/// needed, which may exceed `length`.
long lsys_key_describe(int32_t key, char *buffer, size_t length);
/// `keyctl(KEYCTL_SETPERM, key, permissions)`.
long lsys_key_set_permissions(int32_t key, uint32_t permissions);
/// `keyctl(KEYCTL_SET_TIMEOUT, key, seconds)`: the key expires `seconds` from now; 0 = never.
long lsys_key_set_timeout(int32_t key, uint32_t seconds);
/// `keyctl(KEYCTL_INVALIDATE, key)`: the key is unreachable at once (and collected later).
long lsys_key_invalidate(int32_t key);

// MARK: - Files

/// `renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE)` (glibc declares it only under _GNU_SOURCE): swaps the
/// two names at once, both of which must exist. Returns 0, or -1 with errno set (EINVAL or ENOSYS where the file
/// system or the kernel cannot exchange).
int lsys_rename_exchange(const char *from, const char *to);

// MARK: - The process

/// `prctl(PR_SET_DUMPABLE, 0)` (prctl is variadic): no core dump, and other processes of the user can no longer
/// attach to this one or read its memory through /proc. Returns 0, or -1 with errno set.
int lsys_process_make_undumpable(void);

/// Starts `path` with `argv` as a detached process: in a session of its own (`POSIX_SPAWN_SETSID`), standard input,
/// output and error on /dev/null, every other descriptor closed (`posix_spawn_file_actions_addclosefrom_np`), the
/// working directory `/`, the caller's environment. Returns posix_spawn's result (0, or an errno value) and the
/// child's pid in `*pid`.
int lsys_spawn_detached(const char *path, char *const argv[], pid_t *pid);

#ifdef __cplusplus
}
#endif

#endif
