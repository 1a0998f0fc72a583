// The D-Bus floor of a listing with attributes and data: what the Secret Service protocol needs at least, with no
// library in between. One SearchItems, then Properties.GetAll for every item, all sent at once (pipelined), then ONE
// GetSecrets for all paths, each secret decoded with secret_service_decode_dbus_secret.
#include "lsb_internal.h"

typedef struct {
  int pending;
  size_t bytes;
  GError *error; // the first failure, owned
} listing_state;

// Sums the size of one item's properties (as building a result would read them).
static size_t properties_size(GVariant *reply) {
  size_t bytes = 0;
  GVariant *properties = g_variant_get_child_value(reply, 0); // transfer full: a{sv}
  GVariantIter iter;
  const gchar *name;
  GVariant *value;
  g_variant_iter_init(&iter, properties);
  while (g_variant_iter_loop(&iter, "{&sv}", &name, &value)) bytes += strlen(name) + g_variant_get_size(value);
  g_variant_unref(properties);
  return bytes;
}

static void on_properties(GObject *source, GAsyncResult *result, gpointer data) {
  listing_state *state = data;
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &error); // transfer full
  if (reply != NULL) {
    state->bytes += properties_size(reply);
    g_variant_unref(reply);
  } else if (state->error == NULL) {
    state->error = error;
  } else {
    g_error_free(error);
  }
  state->pending--;
}

// GetAll for every path, pipelined on a private main context; 0, or -1 with *error set.
static int fetch_properties(gchar **paths, listing_state *state) {
  GMainContext *context = g_main_context_new(); // transfer full
  g_main_context_push_thread_default(context);
  for (gchar **path = paths; *path != NULL; path++) {
    state->pending++;
    g_dbus_connection_call(lsb_bus(), LSB_SECRETS_NAME, *path, "org.freedesktop.DBus.Properties", "GetAll",
                           g_variant_new("(s)", "org.freedesktop.Secret.Item"), G_VARIANT_TYPE("(a{sv})"),
                           G_DBUS_CALL_FLAGS_NO_AUTO_START, LSB_DBUS_TIMEOUT_MS, NULL, on_properties, state);
  }
  while (state->pending > 0) g_main_context_iteration(context, TRUE);
  g_main_context_pop_thread_default(context);
  g_main_context_unref(context);
  return state->error == NULL ? 0 : -1;
}

// One GetSecrets for every path; adds the decoded sizes to state->bytes. 0, or -1 with *error set.
static int fetch_secrets(gchar **paths, listing_state *state, GError **error) {
  GVariant *reply = g_dbus_proxy_call_sync(G_DBUS_PROXY(lsb_service()), "GetSecrets",
                                           g_variant_new("(^aoo)", paths,
                                                         secret_service_get_session_dbus_path(lsb_service())),
                                           G_DBUS_CALL_FLAGS_NO_AUTO_START, LSB_DBUS_TIMEOUT_MS, NULL,
                                           error); // transfer full
  if (reply == NULL) return -1;
  GVariant *secrets = g_variant_get_child_value(reply, 0); // transfer full: a{o(oayays)}
  GVariantIter iter;
  const gchar *path;
  GVariant *secret;
  g_variant_iter_init(&iter, secrets);
  while (g_variant_iter_loop(&iter, "{&o@(oayays)}", &path, &secret)) {
    SecretValue *value = secret_service_decode_dbus_secret(lsb_service(), secret); // transfer full
    if (value == NULL) continue;
    gsize length = 0;
    secret_value_get(value, &length); // transfer none
    state->bytes += length;
    secret_value_unref(value); // wiped when the last reference goes
  }
  g_variant_unref(secrets);
  g_variant_unref(reply);
  return 0;
}

long lsb_list_floor(const char *service, size_t *bytes) {
  lsb_clear_error();
  GError *error = NULL;
  GVariantBuilder builder;
  g_variant_builder_init(&builder, G_VARIANT_TYPE("a{ss}"));
  if (service != NULL) g_variant_builder_add(&builder, "{ss}", "service", service);
  GVariant *match = g_variant_builder_end(&builder); // floating, consumed below
  GVariant *reply = g_dbus_connection_call_sync(lsb_bus(), LSB_SECRETS_NAME, LSB_SECRETS_PATH, LSB_SERVICE_INTERFACE,
                                                "SearchItems", g_variant_new_tuple(&match, 1),
                                                G_VARIANT_TYPE("(aoao)"), G_DBUS_CALL_FLAGS_NO_AUTO_START,
                                                LSB_DBUS_TIMEOUT_MS, NULL, &error); // transfer full
  if (reply == NULL) {
    lsb_fail("SearchItems", error);
    return -1;
  }
  gchar **paths = NULL;
  g_variant_get(reply, "(^aoao)", &paths, NULL); // paths: transfer full
  g_variant_unref(reply);
  long count = (long)g_strv_length(paths);
  listing_state state = {0, 0, NULL};
  if (count > 0 && fetch_properties(paths, &state) != 0) {
    lsb_fail("Properties.GetAll", state.error);
    g_strfreev(paths);
    return -1;
  }
  if (count > 0 && fetch_secrets(paths, &state, &error) != 0) {
    lsb_fail("GetSecrets", error);
    g_strfreev(paths);
    return -1;
  }
  g_strfreev(paths);
  if (bytes != NULL) *bytes = state.bytes;
  return count;
}
