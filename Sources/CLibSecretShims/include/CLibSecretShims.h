#ifndef CLIBSECRETSHIMS_H
#define CLIBSECRETSHIMS_H
// What Swift cannot import from libsecret and GLib: macros (error domains, type checks), a SecretService subclass
// with its own prompt hooks, and constructors that are variadic in C. Every symbol is prefixed `ssc_`.
#include <stddef.h>
#include <stdint.h>

#include "../../CLibSecret/CLibSecret.h"

G_BEGIN_DECLS

// MARK: - Error domains (the macros SECRET_ERROR, G_DBUS_ERROR, G_IO_ERROR)

/// `SECRET_ERROR`.
GQuark ssc_secret_error_quark(void);
/// `G_DBUS_ERROR`.
GQuark ssc_dbus_error_quark(void);
/// `G_IO_ERROR`.
GQuark ssc_io_error_quark(void);
/// The domain of errors raised by these shims ("ssc-shim-error").
GQuark ssc_shim_error_quark(void);

/// Codes of `ssc_shim_error_quark()`.
typedef enum {
  /// A prompt was needed while prompts were not allowed for the call (no-UI mode); the prompt was dismissed.
  SSC_SHIM_ERROR_PROMPT_REFUSED = 1,
  /// The user (or a headless prompter) dismissed the prompt.
  SSC_SHIM_ERROR_PROMPT_DISMISSED = 2,
  /// The prompt completed with a result of an unexpected type.
  SSC_SHIM_ERROR_PROMPT_BAD_RESULT = 3,
  /// The Secret portal's request ended with response 1 (cancelled by the user).
  SSC_SHIM_ERROR_PORTAL_CANCELLED = 4,
  /// The Secret portal's request ended with response 2 (or another code), or its secret was empty or too long.
  SSC_SHIM_ERROR_PORTAL_FAILED = 5,
} SscShimError;

// MARK: - Prompts

/// Marks `cancellable` so that prompts run with it may be shown. Without the mark every prompt is refused. The mark
/// cannot be removed; use a fresh cancellable per call.
void ssc_cancellable_allow_prompts(GCancellable *cancellable);

/// Runs the Secret Service prompt at `path` (owned by `name` on `connection`) under the cancellable's policy, on a
/// private main context drained before it is released: refused at once (and dismissed) unless the cancellable
/// allows prompts; otherwise run until its `Completed` signal, or until the cancellable is cancelled (then dismissed
/// without waiting for a reply). `source` (nullable) becomes the GTask's source object. Returns: (transfer full)
/// the prompt's result, checked against `return_type`, or NULL with SSC_SHIM_ERROR_PROMPT_REFUSED,
/// SSC_SHIM_ERROR_PROMPT_DISMISSED, SSC_SHIM_ERROR_PROMPT_BAD_RESULT, G_IO_ERROR_CANCELLED or the Prompt call's
/// error.
GVariant *ssc_prompt_run_sync(GObject *source, GDBusConnection *connection, const gchar *name, const gchar *path,
                              const GVariantType *return_type, GCancellable *cancellable, GError **error);

/// Dismisses the prompt at `path` (owned by `name` on `connection`) without waiting for a reply (sent with
/// NO_REPLY_EXPECTED; callable from any thread): what `ssc_prompt_run_sync` sends when it refuses or gives up a
/// prompt, and what a caller sends for a prompt it decides not to run.
void ssc_prompt_dismiss(GDBusConnection *connection, const gchar *name, const gchar *path);

/// The `SecretService` subclass that `ssc_service_open_on_connection` opens: libsecret's own constructor forces the
/// session bus, which the subclass undoes when a connection is given. Its prompt hooks are libsecret's: no libsecret
/// call this package makes raises a prompt (prompts are run by `ssc_prompt_run_sync`).
GType ssc_service_get_type(void);

// MARK: - The Secret portal

/// Calls `org.freedesktop.portal.Secret.RetrieveSecret` on `org.freedesktop.portal.Desktop` with the write end of a
/// pipe and a `handle_token`, having subscribed to the Request's `Response` signal first, waits for the response
/// and reads the pipe to its end; all on a private main context drained before it is released. `cancellable` (the
/// deadline) ends every wait; the request is then closed. `timeout_ms` bounds the call itself.
/// On success `*secret` (transfer full: g_malloc'd, the caller wipes and frees it) holds `*length` bytes (at least
/// one). Fails with SSC_SHIM_ERROR_PORTAL_CANCELLED (response 1), SSC_SHIM_ERROR_PORTAL_FAILED (response 2, an empty
/// or over-long secret), G_IO_ERROR_CANCELLED (the deadline) or the call's D-Bus error (no portal).
gboolean ssc_portal_retrieve_secret_sync(GDBusConnection *connection, GCancellable *cancellable, gint timeout_ms,
                                         guint8 **secret, gsize *length, GError **error);

// MARK: - Opening

/// Opens a private message-bus connection (`G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
/// G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION`) to `address`, or to the session bus address
/// (`g_dbus_address_get_for_bus_sync (G_BUS_TYPE_SESSION)`) when `address` is NULL. Unlike `g_bus_get_sync` the
/// connection is not the process-wide singleton and does not exit the process when the bus goes away.
/// Returns: (transfer full) (nullable).
GDBusConnection *ssc_bus_connection_open(const gchar *address, GCancellable *cancellable, GError **error);

/// Opens a `SecretService` of type `service_gtype` on `connection`, as `secret_service_open_sync` does on the
/// session bus singleton: `g_initable_new` with g-connection, g-name (`SECRET_SERVICE_BUS_NAME` or
/// `$SECRET_SERVICE_BUS_NAME`), g-object-path, g-interface-name, g-interface-info, `flags`, and g-flags
/// DO_NOT_LOAD_PROPERTIES | DO_NOT_CONNECT_SIGNALS (no cached properties or signal queue: nothing runs a main loop
/// for this object) | DO_NOT_AUTO_START_AT_CONSTRUCTION (no `StartServiceByName`: the caller's `Ping` has started an
/// activatable provider already). `service_gtype` must be `ssc_service_get_type()` or a subtype: libsecret's own constructor
/// forces the session bus type, which the subclass resets so the given connection is used.
/// Returns: (transfer full) (nullable).
SecretService *ssc_service_open_on_connection(GType service_gtype, GDBusConnection *connection,
                                              SecretServiceFlags flags, GCancellable *cancellable, GError **error);

// MARK: - Secret values with wiped buffers

/// A `SecretValue` owning a private copy of `bytes` (`length` may be 0) that is wiped before it is freed.
/// Returns: (transfer full).
SecretValue *ssc_secret_value_new_wiping(const void *bytes, gsize length, const gchar *content_type);

/// Overwrites `length` bytes at `pointer` with zeros in a way the compiler does not remove.
void ssc_wipe(void *pointer, gsize length);

// MARK: - Variadic constructors and macros

/// An `(oayays)` secret for a `plain` session: `session`, empty parameters, the bytes of `value` (referenced, not
/// copied: the buffer stays `value`'s and is wiped when the last reference goes) and its content type.
/// Returns: (transfer floating).
GVariant *ssc_variant_new_plain_secret(const gchar *session, SecretValue *value);
/// The bytes of `value` as an `ay`, or as an `s` when `as_string` (the caller checked that they are UTF-8 without
/// NUL; the value's buffer is NUL-terminated), referenced, not copied: the KWallet API's `writeEntry` and
/// `writePassword`. Returns: (transfer floating).
GVariant *ssc_variant_new_secret_bytes(SecretValue *value, gboolean as_string);
/// The bytes of the value (third) field of an `(oayays)` secret; `*length` gets their count. Returns: (transfer
/// none) memory owned by `secret`.
gconstpointer ssc_variant_plain_secret_bytes(GVariant *secret, gsize *length);
/// `G_VARIANT_TYPE (type_string)` for a static string. Returns: (transfer none).
const GVariantType *ssc_variant_type(const gchar *type_string);

G_END_DECLS

#endif
