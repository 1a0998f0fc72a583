// Process attributes set through variadic C functions.
#define _GNU_SOURCE 1
#include <fcntl.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "CLinuxSystemShims.h"

int lsys_process_make_undumpable(void) { return prctl(PR_SET_DUMPABLE, 0L, 0L, 0L, 0L); }

extern char **environ;

int lsys_spawn_detached(const char *path, char *const argv[], pid_t *pid) {
  posix_spawnattr_t attributes;
  posix_spawn_file_actions_t actions;
  int result = posix_spawnattr_init(&attributes);
  if (result != 0) return result;
  result = posix_spawn_file_actions_init(&actions);
  if (result != 0) {
    posix_spawnattr_destroy(&attributes);
    return result;
  }
  if (result == 0) result = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID);
  if (result == 0) result = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  if (result == 0) result = posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  if (result == 0) result = posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  if (result == 0) result = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
  if (result == 0) result = posix_spawn_file_actions_addchdir_np(&actions, "/");
  if (result == 0) result = posix_spawn(pid, path, &actions, &attributes, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  return result;
}
