// The reader's share of SecItemCopyMatching's cross-process lock, with the same system calls as
// Engine/CrossProcessLock.swift takes it shared: open the lock file and the gate, flock(LOCK_SH) the gate, flock(LOCK_SH)
// the lock, unlock the gate, (the read would run here), unlock the lock, close both. Files in the same directory
// as the package's own ($XDG_RUNTIME_DIR/swift-keychain-linux), under names of their own.
#include "LibsecretBaseline.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

int lsb_reader_lock_round(void) {
  static char lock_path[4096];
  static char gate_path[4096];
  if (lock_path[0] == '\0') {
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    if (runtime == NULL || runtime[0] == '\0') return -1;
    char directory[4000];
    snprintf(directory, sizeof directory, "%s/swift-keychain-linux", runtime);
    mkdir(directory, 0700);
    snprintf(lock_path, sizeof lock_path, "%s/bench-reader.lock", directory);
    snprintf(gate_path, sizeof gate_path, "%s/bench-reader.gate", directory);
  }
  struct stat info;  // the directory check the package makes on every call
  char directory[4096];
  snprintf(directory, sizeof directory, "%.*s", (int)(strrchr(lock_path, '/') - lock_path), lock_path);
  if (lstat(directory, &info) != 0) return -1;
  int lock = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (lock < 0) return -1;
  int gate = open(gate_path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (gate < 0) {
    close(lock);
    return -1;
  }
  int failed = flock(gate, LOCK_SH | LOCK_NB) != 0 || flock(lock, LOCK_SH | LOCK_NB) != 0;
  flock(gate, LOCK_UN);
  flock(lock, LOCK_UN);
  close(gate);
  close(lock);
  return failed ? -1 : 0;
}
