#ifndef CLIBSECRETSHIMS_H
#define CLIBSECRETSHIMS_H
// What Swift cannot import from libsecret and GLib: macros (error domains, type checks), a SecretService subclass
// with its own prompt hooks, and constructors that are variadic in C. Every symbol is prefixed `ssc_`.
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
} SscShimError;

// MARK: - Type checks (SECRET_IS_SERVICE-style macros)

gboolean ssc_is_secret_service(gpointer object);
gboolean ssc_is_dbus_connection(gpointer object);
gboolean ssc_is_cancellable(gpointer object);

// MARK: - The service subclass with policy-driven prompt hooks

/// A `SecretService` subclass whose prompt hooks never show a prompt unless the call's GCancellable was marked with
/// `ssc_cancellable_allow_prompts`. Refused prompts are dismissed at once and fail with
/// `SSC_SHIM_ERROR_PROMPT_REFUSED`; allowed prompts run until completed (dismissed →
/// `SSC_SHIM_ERROR_PROMPT_DISMISSED`) or until the cancellable is cancelled (→ `G_IO_ERROR_CANCELLED` at once,
/// the prompt is dismissed without waiting for a reply).
GType ssc_service_get_type(void);

/// Locks or unlocks items or collections (`Service.Lock` / `Service.Unlock` on the service's own connection), running
/// any prompt the service returns under the cancellable's policy, as the hooks above do. Returns the number of
/// objects locked/unlocked and stores them in `*done` (transfer full, free with g_strfreev), or -1 with `error` set.
/// Used instead of secret_service_(un)lock_dbus_paths_sync, which in libsecret 0.20.5 leaks per prompt (a GPtrArray,
/// and the main context its SecretPrompt proxy's signal subscriptions are queued on).
gint ssc_service_lock_paths_sync(SecretService *self, const gchar *const *paths, GCancellable *cancellable,
                                 gchar ***done, GError **error);
gint ssc_service_unlock_paths_sync(SecretService *self, const gchar *const *paths, GCancellable *cancellable,
                                   gchar ***done, GError **error);

/// Creates an item with `Collection.CreateItem` on the service's connection, addressed to `bus_name` (NULL: the
/// service's own name), with `properties` (`gchar *` → `GVariant *`, as `ssc_property_table_new` makes) and `secret`
/// (an `(oayays)` already encoded for the caller's session; a floating reference is consumed), never replacing.
/// A returned prompt runs under the cancellable's policy, as `ssc_service_unlock_paths_sync`'s do.
/// Returns: (transfer full) the new item's path, or NULL with `error` set.
gchar *ssc_service_create_item_sync(SecretService *self, const gchar *bus_name, const gchar *collection,
                                    GHashTable *properties, GVariant *secret, GCancellable *cancellable,
                                    GError **error);

/// Marks `cancellable` so that prompts raised by calls made with it may be shown. Without the mark every prompt
/// is refused. The mark cannot be removed; use a fresh cancellable per call.
void ssc_cancellable_allow_prompts(GCancellable *cancellable);

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
/// for this object). `service_gtype` must be `ssc_service_get_type()` or a subtype: libsecret's own constructor
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

// MARK: - Variadic constructors

/// `g_variant_new ("(s)", interface_name)`. Returns: (transfer floating).
GVariant *ssc_variant_new_get_all_args(const gchar *interface_name);
/// `g_variant_new ("(ss)", interface_name, property)`. Returns: (transfer floating).
GVariant *ssc_variant_new_get_args(const gchar *interface_name, const gchar *property);
/// `g_variant_new ("(ssv)", interface_name, property, value)`; sinks a floating `value`.
/// Returns: (transfer floating).
GVariant *ssc_variant_new_set_args(const gchar *interface_name, const gchar *property, GVariant *value);
/// An `a{ss}` from `count` keys and values. Returns: (transfer floating).
GVariant *ssc_variant_new_string_dict(const gchar *const *keys, const gchar *const *values, gsize count);
/// `g_variant_new ("(^aoo)", paths, session)`: the arguments of `Service.GetSecrets`. Returns: (transfer floating).
GVariant *ssc_variant_new_get_secrets_args(const gchar *const *paths, const gchar *session);
/// `g_variant_new ("(@(oayays))", secret)`; sinks a floating `secret`. Returns: (transfer floating).
GVariant *ssc_variant_new_set_secret_args(GVariant *secret);
/// `g_variant_new ("(sv)", algorithm, <"">)`: the arguments of `Service.OpenSession` for an algorithm without input
/// (`plain`). Returns: (transfer floating).
GVariant *ssc_variant_new_open_session_args(const gchar *algorithm);
/// An `(oayays)` secret for a `plain` session: `session`, empty parameters, the bytes of `value` (referenced, not
/// copied: the buffer stays `value`'s and is wiped when the last reference goes) and its content type.
/// Returns: (transfer floating).
GVariant *ssc_variant_new_plain_secret(const gchar *session, SecretValue *value);
/// The bytes of the value (third) field of an `(oayays)` secret; `*length` gets their count. Returns: (transfer
/// none) memory owned by `secret`.
gconstpointer ssc_variant_plain_secret_bytes(GVariant *secret, gsize *length);
/// `G_VARIANT_TYPE (type_string)` for a static string. Returns: (transfer none).
const GVariantType *ssc_variant_type(const gchar *type_string);

/// A hash table of `gchar *` → `gchar *`, both owned (freed with g_free). Returns: (transfer full).
GHashTable *ssc_string_table_new(void);
/// Inserts copies of `key` and `value`.
void ssc_string_table_insert(GHashTable *table, const gchar *key, const gchar *value);
/// A hash table of D-Bus property names (`gchar *`, owned) → `GVariant *` (owned). Returns: (transfer full).
GHashTable *ssc_property_table_new(void);
/// Inserts a copy of `name` and a reference to `value` (a floating `value` is sunk).
void ssc_property_table_insert(GHashTable *table, const gchar *name, GVariant *value);

G_END_DECLS

#endif
