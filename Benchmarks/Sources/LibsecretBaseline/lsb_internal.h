// Shared state of the baseline's C files (not part of the module's interface).
#ifndef LSB_INTERNAL_H
#define LSB_INTERNAL_H

// The dbus-path API (secret_service_search_for_dbus_paths_sync, secret_service_decode_dbus_secret, ...).
#define SECRET_API_SUBJECT_TO_CHANGE 1
#include <libsecret/secret.h>

#include "LibsecretBaseline.h"

/// The schema (transfer none: owned by lsb_connection.c for the life of the process).
const SecretSchema *lsb_schema(void);
/// libsecret's service (transfer none).
SecretService *lsb_service(void);
/// The session bus (transfer none).
GDBusConnection *lsb_bus(void);

/// Arms the watchdog for one libsecret call and returns the cancellable to pass (transfer none).
GCancellable *lsb_call_begin(void);
/// Disarms the watchdog.
void lsb_call_end(void);

/// {service, account} (account omitted when NULL) as a libsecret attribute table (transfer full: g_hash_table_unref).
GHashTable *lsb_attributes(const char *service, const char *account);

/// Records a failure of `call` (from `error` when not NULL, which is freed) for lsb_last_error().
void lsb_fail(const char *call, GError *error);
/// Clears the last failure.
void lsb_clear_error(void);

/// The D-Bus name, path and interface of the Secret Service.
#define LSB_SECRETS_NAME "org.freedesktop.secrets"
#define LSB_SECRETS_PATH "/org/freedesktop/secrets"
#define LSB_SERVICE_INTERFACE "org.freedesktop.Secret.Service"
/// Timeout of bare D-Bus calls, in milliseconds.
#define LSB_DBUS_TIMEOUT_MS (LSB_CALL_DEADLINE_SECONDS * 1000)

#endif
