// The libsecret baseline and the D-Bus floor of the benchmarks: libsecret's own C API doing the work of each
// SecItem call, and bare D-Bus calls to the keyring daemon. Plain C types only, so Swift needs no GLib headers.
//
// Items are generic passwords addressed by two attributes, `service` and `account`, through a libsecret schema
// named org.freedesktop.Secret.Generic with SECRET_SCHEMA_DONT_MATCH_NAME (searches do not require xdg:schema).
// Every call is bounded: libsecret calls by a GCancellable cancelled by a watchdog thread after
// LSB_CALL_DEADLINE_SECONDS, bare D-Bus calls by their own timeout. Not thread-safe: one benchmark thread.
#ifndef LIBSECRET_BASELINE_H
#define LIBSECRET_BASELINE_H

#include <stddef.h>

#define LSB_CALL_DEADLINE_SECONDS 60

/// The message of the last failure (empty when none). Valid until the next call. Never holds secret bytes.
const char *lsb_last_error(void);

/// Connects once: the session bus, libsecret's SecretService with an open session, the schema. 0, or -1.
int lsb_connect(void);

/// secret_password_storev_sync into the default collection (replaces an item with the same attributes). 0, or -1.
int lsb_store(const char *service, const char *account, const char *label, const char *secret);

/// secret_password_lookupv_sync: the length of the secret found, -1 when none matches, -2 on failure.
long lsb_lookup(const char *service, const char *account);

/// How lsb_lookup_paths fetches the secret after secret_service_search_for_dbus_paths_sync.
typedef enum {
  /// secret_service_get_secrets_for_dbus_paths_sync (libsecret 0.20.5 leaks each GetSecrets reply, ~1 KB a call).
  LSB_GET_SECRETS_LIBSECRET = 0,
  /// GetSecrets called on the service's proxy, each secret decoded with secret_service_decode_dbus_secret.
  LSB_GET_SECRETS_DECODE = 1,
} lsb_get_secrets_mode;

/// The round trips the protocol needs for one secret, with libsecret's dbus-path API: SearchItems, then GetSecrets
/// for the first unlocked path. The length of the secret, -1 when none matches, -2 on failure.
long lsb_lookup_paths(const char *service, const char *account, lsb_get_secrets_mode mode);

/// secret_password_clearv_sync (every matching item; `account` NULL: any account): 1 when something was deleted,
/// 0 when nothing matched, -1 on failure.
int lsb_clear(const char *service, const char *account);

/// secret_service_search_sync for {service} (service NULL: every item; account NULL: any account) with flags
/// UNLOCK, plus ALL when `all`, plus
/// LOAD_SECRETS when `load_secrets`; reads every item's attributes, label, dates and (if loaded) secret, as a
/// SecItemCopyMatching returning attributes (and data) must. Returns the number of items, or -1. `*bytes` receives
/// the total size of what was read (so nothing can be optimised away).
long lsb_search(const char *service, const char *account, int all, int load_secrets, size_t *bytes);

/// The D-Bus floor: org.freedesktop.DBus.Peer.Ping to org.freedesktop.secrets. 0, or -1.
int lsb_ping(void);

/// The D-Bus floor: org.freedesktop.Secret.Service.SearchItems with an attribute nothing has. Number of paths
/// returned (0), or -1.
long lsb_search_items_no_match(void);

/// The D-Bus floor of a listing with attributes and data for {service} (NULL: every item): one SearchItems,
/// Properties.GetAll for every item sent at once (pipelined), one GetSecrets for all. The number of items, or -1;
/// `*bytes` receives the size of what was read.
long lsb_list_floor(const char *service, size_t *bytes);

/// The system calls of the cross-process lock as SecItemCopyMatching takes it (shared, with the writers' gate; see
/// Engine/CrossProcessLock.swift), on files of its own in $XDG_RUNTIME_DIR/swift-keychain-linux. 0, or -1.
int lsb_reader_lock_round(void);

/// A bare SearchItems for {service} (plus {account} when not NULL): the number of unlocked paths, or -1.
long lsb_count(const char *service, const char *account);

/// Starts counting D-Bus method calls from every connection of the bus (a monitor connection). 0, or -1.
int lsb_monitor_start(void);
/// Opens a counting window (starts the monitor if needed). 0, or -1.
int lsb_monitor_begin(void);
/// Appends a line to the file named by BENCH_CALLS_LOG (which then also lists every counted call); else nothing.
void lsb_monitor_log(const char *line);
/// Closes the window: the method calls made to the keyring daemon and to the bus since lsb_monitor_begin. 0, or -1.
int lsb_monitor_end(long *daemon_calls, long *bus_calls);

#endif
