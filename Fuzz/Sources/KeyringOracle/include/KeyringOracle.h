#ifndef KEYRING_ORACLE_H
#define KEYRING_ORACLE_H

#include <stdint.h>

/// What a Secret Service keyring holds, read with plain D-Bus calls (never through the code under test).
typedef struct {
  /// Number of items (locked or not).
  int count;
  /// FNV-1a hash over every item's path, label, sorted attributes and secret (plain session).
  uint64_t hash;
} ko_state;

/// Opens a connection to the bus at `address` (NULL: $DBUS_SESSION_BUS_ADDRESS) and a plain session.
/// Returns 0 on success.
int ko_open(const char *address);

/// Reads the whole keyring into `state`. Returns 0 on success.
int ko_read(ko_state *state);

/// Deletes every item. Returns 0 on success.
int ko_clear(void);

#endif
