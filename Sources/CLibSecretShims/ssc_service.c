// SscService: a SecretService that refuses prompts unless the call's GCancellable allows them, that can be opened
// on a given GDBusConnection, and that locks and unlocks without libsecret's SecretPrompt proxies.
#include "ssc_prompt.h"

typedef struct {
  SecretService parent;
} SscService;

typedef struct {
  SecretServiceClass parent_class;
} SscServiceClass;

G_DEFINE_TYPE(SscService, ssc_service, SECRET_TYPE_SERVICE)

// Whether `object`'s property already holds `value`.
static gboolean ssc_property_equals(GObject *object, GParamSpec *pspec, const GValue *value) {
  GValue current = G_VALUE_INIT;
  g_value_init(&current, G_PARAM_SPEC_VALUE_TYPE(pspec));
  g_object_get_property(object, pspec->name, &current);
  gboolean equal = g_param_values_cmp(pspec, &current, value) == 0;
  g_value_unset(&current);
  return equal;
}

// libsecret's constructor forces g-bus-type SESSION (and its own g-flags and g-name), which GDBusProxy rejects
// together with a g-connection. Re-apply what the caller passed and clear the bus type when a connection was given.
// Only values that differ are re-applied: GDBusProxy's set_property does not free the previous value of its
// construct-only strings (GLib 2.74), so re-applying an equal g-name/g-object-path/g-interface-name leaked ~80 bytes
// per SscService (LeakSanitizer; libsecret's own g_object_set in its constructor leaks the same way once more).
static GObject *ssc_service_constructor(GType type, guint n_params, GObjectConstructParam *params) {
  GObject *object = G_OBJECT_CLASS(ssc_service_parent_class)->constructor(type, n_params, params);
  gboolean has_connection = FALSE;
  for (guint i = 0; i < n_params; i++) {
    const gchar *name = params[i].pspec->name;
    if (g_str_equal(name, "g-connection")) {
      has_connection = g_value_get_object(params[i].value) != NULL;
    } else if (g_str_equal(name, "g-flags") || g_str_equal(name, "g-name") || g_str_equal(name, "g-object-path") ||
               g_str_equal(name, "g-interface-name")) {
      if (!g_param_value_defaults(params[i].pspec, params[i].value) &&
          !ssc_property_equals(object, params[i].pspec, params[i].value))
        g_object_set_property(object, name, params[i].value);
    }
  }
  if (has_connection) g_object_set(object, "g-bus-type", G_BUS_TYPE_NONE, NULL);
  return object;
}

// MARK: - The hooks libsecret calls when one of its operations returns a prompt

static void ssc_service_prompt_async(SecretService *self, SecretPrompt *prompt, const GVariantType *return_type,
                                     GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data) {
  GDBusProxy *proxy = G_DBUS_PROXY(prompt);
  gchar *owner = g_dbus_proxy_get_name_owner(proxy);  // transfer full (nullable)
  ssc_prompt_run_async(G_OBJECT(self), g_dbus_proxy_get_connection(proxy),  // transfer none
                       owner ? owner : g_dbus_proxy_get_name(proxy), g_dbus_proxy_get_object_path(proxy),
                       return_type, cancellable, callback, user_data);
  g_free(owner);
}

static GVariant *ssc_service_prompt_finish(SecretService *self, GAsyncResult *result, GError **error) {
  return ssc_prompt_run_finish(result, error);  // transfer full
}

static GVariant *ssc_service_prompt_sync(SecretService *self, SecretPrompt *prompt, GCancellable *cancellable,
                                         const GVariantType *return_type, GError **error) {
  GDBusProxy *proxy = G_DBUS_PROXY(prompt);
  gchar *owner = g_dbus_proxy_get_name_owner(proxy);  // transfer full (nullable)
  GVariant *retval = ssc_prompt_run_sync(G_OBJECT(self), g_dbus_proxy_get_connection(proxy),
                                         owner ? owner : g_dbus_proxy_get_name(proxy),
                                         g_dbus_proxy_get_object_path(proxy), return_type, cancellable, error);
  g_free(owner);
  return retval;
}

static void ssc_service_class_init(SscServiceClass *klass) {
  G_OBJECT_CLASS(klass)->constructor = ssc_service_constructor;
  SecretServiceClass *service_class = SECRET_SERVICE_CLASS(klass);
  service_class->prompt_sync = ssc_service_prompt_sync;
  service_class->prompt_async = ssc_service_prompt_async;
  service_class->prompt_finish = ssc_service_prompt_finish;
}

static void ssc_service_init(SscService *self) {}

// MARK: - Lock and unlock

static gint ssc_service_xlock_paths_sync(SecretService *self, const gchar *method, const gchar *const *paths,
                                         GCancellable *cancellable, gchar ***done, GError **error) {
  g_return_val_if_fail(SECRET_IS_SERVICE(self), -1);
  GDBusProxy *proxy = G_DBUS_PROXY(self);
  GDBusConnection *connection = g_dbus_proxy_get_connection(proxy);  // transfer none
  // parameters: transfer floating (consumed); reply: transfer full
  GVariant *reply = g_dbus_connection_call_sync(
      connection, g_dbus_proxy_get_name(proxy), g_dbus_proxy_get_object_path(proxy), "org.freedesktop.Secret.Service",
      method, g_variant_new("(^ao)", paths), G_VARIANT_TYPE("(aoo)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, -1,
      cancellable, error);
  if (reply == NULL) return -1;
  gchar **objects = NULL;
  const gchar *prompt = NULL;
  g_variant_get(reply, "(^ao&o)", &objects, &prompt);  // objects: transfer full; prompt: transfer none
  if (g_strcmp0(prompt, "/") != 0) {
    g_strfreev(objects);
    objects = NULL;
    gchar *owner = g_dbus_proxy_get_name_owner(proxy);  // transfer full (nullable)
    GVariant *result = ssc_prompt_run_sync(G_OBJECT(self), connection, owner ? owner : g_dbus_proxy_get_name(proxy),
                                           prompt, G_VARIANT_TYPE("ao"), cancellable, error);  // transfer full
    g_free(owner);
    if (result != NULL) {
      objects = g_variant_dup_objv(result, NULL);  // transfer full
      g_variant_unref(result);
    }
  }
  g_variant_unref(reply);
  if (objects == NULL) return -1;
  gint count = (gint)g_strv_length(objects);
  *done = objects;
  return count;
}

gint ssc_service_lock_paths_sync(SecretService *self, const gchar *const *paths, GCancellable *cancellable,
                                 gchar ***locked, GError **error) {
  return ssc_service_xlock_paths_sync(self, "Lock", paths, cancellable, locked, error);
}

gint ssc_service_unlock_paths_sync(SecretService *self, const gchar *const *paths, GCancellable *cancellable,
                                   gchar ***unlocked, GError **error) {
  return ssc_service_xlock_paths_sync(self, "Unlock", paths, cancellable, unlocked, error);
}

// MARK: - Creating an item

gchar *ssc_service_create_item_sync(SecretService *self, const gchar *bus_name, const gchar *collection,
                                    GHashTable *properties, GVariant *secret, GCancellable *cancellable,
                                    GError **error) {
  g_return_val_if_fail(SECRET_IS_SERVICE(self), NULL);
  GDBusProxy *proxy = G_DBUS_PROXY(self);
  GDBusConnection *connection = g_dbus_proxy_get_connection(proxy);  // transfer none
  if (bus_name == NULL) bus_name = g_dbus_proxy_get_name(proxy);
  GVariantBuilder builder;
  g_variant_builder_init(&builder, G_VARIANT_TYPE("a{sv}"));
  GHashTableIter iter;
  gpointer name, value;
  g_hash_table_iter_init(&iter, properties);
  while (g_hash_table_iter_next(&iter, &name, &value)) g_variant_builder_add(&builder, "{sv}", name, value);
  // parameters: transfer floating (consumed, sinking `secret`); reply: transfer full
  GVariant *reply = g_dbus_connection_call_sync(
      connection, bus_name, collection, "org.freedesktop.Secret.Collection", "CreateItem",
      g_variant_new("(a{sv}@(oayays)b)", &builder, secret, FALSE), G_VARIANT_TYPE("(oo)"),
      G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, cancellable, error);
  if (reply == NULL) return NULL;
  const gchar *item = NULL;
  const gchar *prompt = NULL;
  g_variant_get(reply, "(&o&o)", &item, &prompt);  // transfer none
  gchar *path = NULL;
  if (g_strcmp0(prompt, "/") == 0) {
    path = g_strdup(item);
  } else {
    GVariant *result = ssc_prompt_run_sync(G_OBJECT(self), connection, bus_name, prompt, G_VARIANT_TYPE("o"),
                                           cancellable, error);  // transfer full
    if (result != NULL) {
      path = g_variant_dup_string(result, NULL);  // transfer full
      g_variant_unref(result);
    }
  }
  g_variant_unref(reply);
  return path;
}
