// Counts the D-Bus method calls an operation makes, through a monitor connection (Monitoring.BecomeMonitor): calls
// to the keyring daemon (org.freedesktop.secrets, by either name) and to the bus itself (AddMatch, GetNameOwner...),
// from any connection but the daemon's (only the benchmark process talks to the private bus while it runs).
//
// The counting window is delimited by sentinels: a Peer.Ping to the daemon at a path of its own, sent from the
// benchmark's connection. The bus routes the operation's calls (already answered) before the sentinel, and a monitor
// receives messages in routing order, so every call of the operation is counted once the sentinel is seen.
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsb_internal.h"

#define SENTINEL_PREFIX "/org/freedesktop/secrets/bench_sentinel/"

static GDBusConnection *monitor; // owned for the life of the process
static gchar *daemon_name;       // the daemon's unique name; owned for the life of the process
static _Atomic long secrets_calls;
static _Atomic long bus_calls;
static _Atomic long sentinel_seen;
static long sentinel_sent;

// BENCH_CALLS_LOG=<file>: every call counted in a window is appended to that file (interface, member, path; never arguments).
// A file, because package-benchmark sends a benchmark's stdout and stderr to /dev/null while it runs.
static FILE *call_log; // owned for the life of the process
static gboolean verbose;
static _Atomic int window_open; // between the sentinels of lsb_monitor_begin and lsb_monitor_end

static void log_call(GDBusMessage *message) {
  if (!atomic_load(&window_open)) return;
  fprintf(call_log, "  %s.%s on %s\n", g_dbus_message_get_interface(message), g_dbus_message_get_member(message),
          g_dbus_message_get_path(message));
  fflush(call_log);
}

// Opens the log named by BENCH_CALLS_LOG, once.
static void open_log(void) {
  static gboolean tried;
  if (tried) return;
  tried = TRUE;
  const char *log_path = g_getenv("BENCH_CALLS_LOG");
  if (log_path != NULL && *log_path != '\0') call_log = fopen(log_path, "a");
  verbose = call_log != NULL;
}

void lsb_monitor_log(const char *line) {
  open_log();
  if (call_log == NULL) return;
  fprintf(call_log, "%s\n", line);
  fflush(call_log);
}

// Runs on GDBus's worker thread for every message the monitor receives. Counts and drops the copies of method calls:
// a monitor must never reply to them.
static GDBusMessage *on_message(GDBusConnection *connection, GDBusMessage *message, gboolean incoming,
                                gpointer unused) {
  (void)connection;
  (void)unused;
  // Everything else (the reply to BecomeMonitor, NameLost...) goes on to GDBus.
  if (!incoming || g_dbus_message_get_message_type(message) != G_DBUS_MESSAGE_TYPE_METHOD_CALL) return message;
  {
    const char *destination = g_dbus_message_get_destination(message); // transfer none
    const char *path = g_dbus_message_get_path(message);               // transfer none
    const char *sender = g_dbus_message_get_sender(message);           // transfer none
    if (sender != NULL && daemon_name != NULL && strcmp(sender, daemon_name) == 0) {
      // the daemon's own calls (e.g. GetConnectionUnixProcessID about a client): not the client's cost
    } else if (path != NULL && g_str_has_prefix(path, SENTINEL_PREFIX)) {
      atomic_store(&sentinel_seen, atol(path + strlen(SENTINEL_PREFIX)));
    } else if (destination != NULL && (strcmp(destination, LSB_SECRETS_NAME) == 0 ||
                                       (daemon_name != NULL && strcmp(destination, daemon_name) == 0))) {
      atomic_fetch_add(&secrets_calls, 1);
      if (verbose) log_call(message);
    } else if (destination != NULL && strcmp(destination, "org.freedesktop.DBus") == 0) {
      atomic_fetch_add(&bus_calls, 1);
      if (verbose) log_call(message);
    }
  }
  g_object_unref(message); // transfer full in, NULL out: dropped
  return NULL;
}

int lsb_monitor_start(void) {
  lsb_clear_error();
  if (monitor != NULL) return 0;
  open_log();
  GError *error = NULL;
  GVariant *owner = g_dbus_connection_call_sync(lsb_bus(), "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                "org.freedesktop.DBus", "GetNameOwner",
                                                g_variant_new("(s)", LSB_SECRETS_NAME), G_VARIANT_TYPE("(s)"),
                                                G_DBUS_CALL_FLAGS_NONE, LSB_DBUS_TIMEOUT_MS, NULL,
                                                &error); // transfer full
  if (owner == NULL) {
    lsb_fail("GetNameOwner", error);
    return -1;
  }
  g_variant_get(owner, "(s)", &daemon_name); // transfer full, kept
  g_variant_unref(owner);

  gchar *address = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, NULL, &error); // transfer full
  if (address == NULL) {
    lsb_fail("g_dbus_address_get_for_bus_sync", error);
    return -1;
  }
  GDBusConnection *connection = g_dbus_connection_new_for_address_sync(
      address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL,
      NULL, &error); // transfer full
  g_free(address);
  if (connection == NULL) {
    lsb_fail("g_dbus_connection_new_for_address_sync", error);
    return -1;
  }
  g_dbus_connection_add_filter(connection, on_message, NULL, NULL);
  const gchar *rules[] = {"type='method_call'", NULL};
  GVariant *reply = g_dbus_connection_call_sync(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                "org.freedesktop.DBus.Monitoring", "BecomeMonitor",
                                                g_variant_new("(^asu)", rules, 0u), NULL, G_DBUS_CALL_FLAGS_NONE,
                                                LSB_DBUS_TIMEOUT_MS, NULL, &error); // transfer full
  if (reply == NULL) {
    lsb_fail("BecomeMonitor", error);
    g_object_unref(connection);
    return -1;
  }
  g_variant_unref(reply);
  monitor = connection;
  return 0;
}

// Sends the next sentinel and waits (at most 5 s) until the monitor has seen it.
static int sentinel(void) {
  long number = ++sentinel_sent;
  gchar *path = g_strdup_printf(SENTINEL_PREFIX "%ld", number); // transfer full
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_sync(lsb_bus(), LSB_SECRETS_NAME, path, "org.freedesktop.DBus.Peer",
                                                "Ping", NULL, NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START,
                                                LSB_DBUS_TIMEOUT_MS, NULL, &error); // transfer full
  g_free(path);
  if (reply == NULL) {
    lsb_fail("Peer.Ping (sentinel)", error);
    return -1;
  }
  g_variant_unref(reply);
  for (int waited = 0; atomic_load(&sentinel_seen) < number; waited++) {
    if (waited >= 5000) {
      lsb_fail("monitor: sentinel not seen within 5 s", NULL);
      return -1;
    }
    g_usleep(1000);
  }
  return 0;
}

int lsb_monitor_begin(void) {
  lsb_clear_error();
  if (monitor == NULL && lsb_monitor_start() != 0) return -1;
  if (sentinel() != 0) return -1;
  atomic_store(&secrets_calls, 0);
  atomic_store(&bus_calls, 0);
  atomic_store(&window_open, 1);
  return 0;
}

int lsb_monitor_end(long *daemon_calls, long *bus_daemon_calls) {
  lsb_clear_error();
  int status = sentinel();
  atomic_store(&window_open, 0);
  if (status != 0) return -1;
  *daemon_calls = atomic_load(&secrets_calls);
  *bus_daemon_calls = atomic_load(&bus_calls);
  return 0;
}
