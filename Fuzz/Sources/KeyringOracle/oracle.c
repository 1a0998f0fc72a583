// The fuzz harness's oracle: reads the keyring with plain GDBus calls (SearchItems({}), GetAll per item,
// GetSecrets on a "plain" session), independent of the SecItem and wrapper code being fuzzed.
#include "KeyringOracle.h"

#include <gio/gio.h>
#include <string.h>

static GDBusConnection *connection;  // owned for the process's life
static char *session;                // plain session path

static const char *service_name = "org.freedesktop.secrets";
static const char *service_path = "/org/freedesktop/secrets";

static GVariant *call(const char *path, const char *interface, const char *method, GVariant *args,
                      const char *reply_type) {
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_sync(connection, service_name, path, interface, method, args,
                                                G_VARIANT_TYPE(reply_type), G_DBUS_CALL_FLAGS_NONE, 60000, NULL,
                                                &error);  // transfer full
  if (error != NULL) g_error_free(error);
  return reply;
}

int ko_open(const char *address) {
  GError *error = NULL;
  if (address != NULL) {
    connection = g_dbus_connection_new_for_address_sync(
        address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
        NULL, NULL, &error);
  } else {
    connection = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
  }
  if (connection == NULL) {
    if (error != NULL) g_error_free(error);
    return -1;
  }
  GVariant *reply = call(service_path, "org.freedesktop.Secret.Service", "OpenSession",
                         g_variant_new_parsed("('plain', <''>)"), "(vo)");
  if (reply == NULL) return -1;
  g_variant_get(reply, "(vo)", NULL, &session);
  g_variant_unref(reply);
  return 0;
}

static uint64_t fnv(uint64_t hash, const void *bytes, gsize length) {
  const unsigned char *p = bytes;
  for (gsize i = 0; i < length; i++) {
    hash ^= p[i];
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

static int compare_paths(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static GVariant *all_items(void) {
  GVariant *reply = call(service_path, "org.freedesktop.Secret.Service", "SearchItems",
                         g_variant_new_parsed("(@a{ss} {},)"), "(aoao)");
  return reply;
}

int ko_read(ko_state *state) {
  GVariant *reply = all_items();
  if (reply == NULL) return -1;
  GVariant *unlocked = g_variant_get_child_value(reply, 0);
  GVariant *locked = g_variant_get_child_value(reply, 1);
  gsize n_unlocked = 0;
  const gchar **paths = g_variant_get_objv(unlocked, &n_unlocked);
  // Sorted, so the hash does not depend on the search order.
  qsort(paths, n_unlocked, sizeof(*paths), compare_paths);
  state->count = (int)(n_unlocked + g_variant_n_children(locked));
  uint64_t hash = 0xcbf29ce484222325ULL;
  GVariant *secrets = call(service_path, "org.freedesktop.Secret.Service", "GetSecrets",
                           g_variant_new("(@aoo)", g_variant_new_objv(paths, n_unlocked), session), "(a{o(oayays)})");
  for (gsize i = 0; i < n_unlocked; i++) {
    hash = fnv(hash, paths[i], strlen(paths[i]) + 1);
    GVariant *props = call(paths[i], "org.freedesktop.DBus.Properties", "GetAll",
                           g_variant_new("(s)", "org.freedesktop.Secret.Item"), "(a{sv})");
    if (props != NULL) {
      GVariant *dict = g_variant_get_child_value(props, 0);
      GVariant *label = g_variant_lookup_value(dict, "Label", G_VARIANT_TYPE_STRING);
      GVariant *attributes = g_variant_lookup_value(dict, "Attributes", G_VARIANT_TYPE("a{ss}"));
      if (label != NULL) {
        gsize length = 0;
        const char *text = g_variant_get_string(label, &length);
        hash = fnv(hash, text, length + 1);
        g_variant_unref(label);
      }
      if (attributes != NULL) {
        // Attribute order from the daemon is stable per item; hash the serialised form.
        gsize size = g_variant_get_size(attributes);
        hash = fnv(hash, g_variant_get_data(attributes), size);
        g_variant_unref(attributes);
      }
      g_variant_unref(dict);
      g_variant_unref(props);
    }
    if (secrets != NULL) {
      GVariant *map = g_variant_get_child_value(secrets, 0);
      GVariant *secret = g_variant_lookup_value(map, paths[i], G_VARIANT_TYPE("(oayays)"));
      if (secret != NULL) {
        GVariant *value = g_variant_get_child_value(secret, 2);
        gsize length = 0;
        const void *bytes = g_variant_get_fixed_array(value, &length, 1);
        hash = fnv(hash, bytes, length);
        g_variant_unref(value);
        g_variant_unref(secret);
      }
      g_variant_unref(map);
    }
  }
  if (secrets != NULL) g_variant_unref(secrets);
  g_free(paths);
  g_variant_unref(unlocked);
  g_variant_unref(locked);
  g_variant_unref(reply);
  state->hash = hash;
  return 0;
}

int ko_clear(void) {
  GVariant *reply = all_items();
  if (reply == NULL) return -1;
  for (int which = 0; which < 2; which++) {
    GVariant *list = g_variant_get_child_value(reply, which);
    gsize n = 0;
    const gchar **paths = g_variant_get_objv(list, &n);
    for (gsize i = 0; i < n; i++) {
      GVariant *deleted = call(paths[i], "org.freedesktop.Secret.Item", "Delete", NULL, "(o)");
      if (deleted != NULL) g_variant_unref(deleted);
    }
    g_free(paths);
    g_variant_unref(list);
  }
  g_variant_unref(reply);
  return 0;
}
