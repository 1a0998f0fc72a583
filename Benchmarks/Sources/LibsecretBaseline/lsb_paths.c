// libsecret's dbus-path API: a lookup in the round trips the Secret Service protocol needs (SearchItems, then
// GetSecrets), without the item proxies of secret_service_search_sync.
#include "lsb_internal.h"

// GetSecrets for one path through libsecret (transfer full SecretValue), or NULL with *error set.
static SecretValue *get_secret_libsecret(const gchar *path, GError **error) {
  const gchar *paths[] = {path, NULL};
  GHashTable *secrets = secret_service_get_secrets_for_dbus_paths_sync(lsb_service(), paths, lsb_call_begin(),
                                                                        error); // transfer full
  lsb_call_end();
  if (secrets == NULL) return NULL;
  SecretValue *value = g_hash_table_lookup(secrets, path); // transfer none
  if (value != NULL) secret_value_ref(value);
  g_hash_table_unref(secrets);
  return value;
}

// GetSecrets for one path on the service's proxy, decoded with secret_service_decode_dbus_secret.
static SecretValue *get_secret_decode(const gchar *path, GError **error) {
  const gchar *paths[] = {path, NULL};
  GVariant *reply = g_dbus_proxy_call_sync(G_DBUS_PROXY(lsb_service()), "GetSecrets",
                                           g_variant_new("(^aoo)", paths,
                                                         secret_service_get_session_dbus_path(lsb_service())),
                                           G_DBUS_CALL_FLAGS_NO_AUTO_START, LSB_DBUS_TIMEOUT_MS, NULL,
                                           error); // transfer full
  if (reply == NULL) return NULL;
  SecretValue *value = NULL;
  GVariant *secrets = g_variant_get_child_value(reply, 0); // transfer full: a{o(oayays)}
  GVariant *secret = g_variant_lookup_value(secrets, path, G_VARIANT_TYPE("(oayays)")); // transfer full
  if (secret != NULL) {
    value = secret_service_decode_dbus_secret(lsb_service(), secret); // transfer full
    g_variant_unref(secret);
  }
  g_variant_unref(secrets);
  g_variant_unref(reply);
  return value;
}

long lsb_lookup_paths(const char *service, const char *account, lsb_get_secrets_mode mode) {
  lsb_clear_error();
  GError *error = NULL;
  gchar **unlocked = NULL;
  GHashTable *attributes = lsb_attributes(service, account); // transfer full
  gboolean found = secret_service_search_for_dbus_paths_sync(lsb_service(), lsb_schema(), attributes,
                                                             lsb_call_begin(), &unlocked, NULL,
                                                             &error); // unlocked: transfer full
  lsb_call_end();
  g_hash_table_unref(attributes);
  if (!found) {
    lsb_fail("secret_service_search_for_dbus_paths_sync", error);
    return -2;
  }
  if (unlocked == NULL || unlocked[0] == NULL) {
    g_strfreev(unlocked);
    return -1;
  }
  SecretValue *value = mode == LSB_GET_SECRETS_DECODE ? get_secret_decode(unlocked[0], &error)
                                                      : get_secret_libsecret(unlocked[0], &error);
  g_strfreev(unlocked);
  if (value == NULL) {
    if (error != NULL) {
      lsb_fail(mode == LSB_GET_SECRETS_DECODE ? "GetSecrets" : "secret_service_get_secrets_for_dbus_paths_sync", error);
      return -2;
    }
    return -1;
  }
  gsize length = 0;
  secret_value_get(value, &length); // transfer none
  secret_value_unref(value);        // libsecret wipes the secret memory when the last reference goes
  return (long)length;
}
