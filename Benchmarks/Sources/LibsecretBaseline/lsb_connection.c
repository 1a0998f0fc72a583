// Connection, schema, watchdog and error reporting of the libsecret baseline.
#include <stdatomic.h>
#include <stdio.h>

#include "lsb_internal.h"

static GDBusConnection *bus;         // owned for the life of the process
static SecretService *service;       // owned for the life of the process
static SecretSchema *schema;         // owned for the life of the process
static GCancellable *call_cancellable; // owned for the life of the process
static _Atomic gint64 call_deadline;   // g_get_monotonic_time() deadline of the running call; 0 when idle
static char last_error[512];

const char *lsb_last_error(void) { return last_error; }

void lsb_clear_error(void) { last_error[0] = '\0'; }

void lsb_fail(const char *call, GError *error) {
  if (error == NULL) {
    snprintf(last_error, sizeof last_error, "%s failed without a GError", call);
    return;
  }
  const char *timed_out = g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ? " (deadline passed)" : "";
  snprintf(last_error, sizeof last_error, "%s: %s [%s %d]%s", call, error->message,
           g_quark_to_string(error->domain), error->code, timed_out);
  g_error_free(error);
}

const SecretSchema *lsb_schema(void) { return schema; }
SecretService *lsb_service(void) { return service; }
GDBusConnection *lsb_bus(void) { return bus; }

// Cancels the running libsecret call once its deadline has passed (libsecret's *_sync calls have no timeout).
static gpointer watchdog(gpointer unused) {
  (void)unused;
  for (;;) {
    g_usleep(100 * 1000);
    gint64 deadline = atomic_load(&call_deadline);
    if (deadline != 0 && g_get_monotonic_time() > deadline) {
      g_cancellable_cancel(call_cancellable);
      atomic_store(&call_deadline, 0);
    }
  }
  return NULL;
}

GCancellable *lsb_call_begin(void) {
  if (g_cancellable_is_cancelled(call_cancellable)) g_cancellable_reset(call_cancellable);
  atomic_store(&call_deadline, g_get_monotonic_time() + (gint64)LSB_CALL_DEADLINE_SECONDS * G_USEC_PER_SEC);
  return call_cancellable;
}

void lsb_call_end(void) { atomic_store(&call_deadline, 0); }

GHashTable *lsb_attributes(const char *service_name, const char *account) {
  // Keys and values are borrowed from the caller for the duration of one call: no free functions.
  GHashTable *attributes = g_hash_table_new(g_str_hash, g_str_equal); // transfer full
  g_hash_table_insert(attributes, (gpointer) "service", (gpointer)service_name);
  if (account != NULL) g_hash_table_insert(attributes, (gpointer) "account", (gpointer)account);
  return attributes;
}

int lsb_connect(void) {
  lsb_clear_error();
  if (service != NULL) return 0;
  GError *error = NULL;
  if (call_cancellable == NULL) {
    call_cancellable = g_cancellable_new(); // transfer full, kept
    g_thread_unref(g_thread_new("lsb-watchdog", watchdog, NULL)); // transfer full: detach
  }
  if (bus == NULL) {
    bus = g_bus_get_sync(G_BUS_TYPE_SESSION, lsb_call_begin(), &error); // transfer full, kept
    lsb_call_end();
    if (bus == NULL) {
      lsb_fail("g_bus_get_sync", error);
      return -1;
    }
  }
  if (schema == NULL) {
    GHashTable *names = g_hash_table_new(g_str_hash, g_str_equal); // transfer full
    g_hash_table_insert(names, (gpointer) "service", GINT_TO_POINTER(SECRET_SCHEMA_ATTRIBUTE_STRING));
    g_hash_table_insert(names, (gpointer) "account", GINT_TO_POINTER(SECRET_SCHEMA_ATTRIBUTE_STRING));
    // transfer full, kept; `names` is transfer none (copied)
    schema = secret_schema_newv("org.freedesktop.Secret.Generic", SECRET_SCHEMA_DONT_MATCH_NAME, names);
    g_hash_table_unref(names);
  }
  // The same process-wide service the secret_password_* functions use, with its session opened up front.
  service = secret_service_get_sync(SECRET_SERVICE_OPEN_SESSION, lsb_call_begin(), &error); // transfer full, kept
  lsb_call_end();
  if (service == NULL) {
    lsb_fail("secret_service_get_sync", error);
    return -1;
  }
  return 0;
}
