// Constructors that are variadic in C, and G_VARIANT_TYPE.
#include "CLibSecretShims.h"

GVariant *ssc_variant_new_get_all_args(const gchar *interface_name) {
  return g_variant_new("(s)", interface_name);
}

GVariant *ssc_variant_new_get_args(const gchar *interface_name, const gchar *property) {
  return g_variant_new("(ss)", interface_name, property);
}

GVariant *ssc_variant_new_set_args(const gchar *interface_name, const gchar *property, GVariant *value) {
  return g_variant_new("(ssv)", interface_name, property, value);
}

GVariant *ssc_variant_new_string_dict(const gchar *const *keys, const gchar *const *values, gsize count) {
  GVariantBuilder builder;
  g_variant_builder_init(&builder, G_VARIANT_TYPE("a{ss}"));
  for (gsize i = 0; i < count; i++) g_variant_builder_add(&builder, "{ss}", keys[i], values[i]);
  return g_variant_builder_end(&builder);
}

GVariant *ssc_variant_new_get_secrets_args(const gchar *const *paths, const gchar *session) {
  return g_variant_new("(^aoo)", paths, session);
}

GVariant *ssc_variant_new_set_secret_args(GVariant *secret) { return g_variant_new("(@(oayays))", secret); }

const GVariantType *ssc_variant_type(const gchar *type_string) { return G_VARIANT_TYPE(type_string); }

GHashTable *ssc_string_table_new(void) { return g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free); }

void ssc_string_table_insert(GHashTable *table, const gchar *key, const gchar *value) {
  g_hash_table_replace(table, g_strdup(key), g_strdup(value));
}

GHashTable *ssc_property_table_new(void) {
  return g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_variant_unref);
}

void ssc_property_table_insert(GHashTable *table, const gchar *name, GVariant *value) {
  g_hash_table_replace(table, g_strdup(name), g_variant_ref_sink(value));
}

GVariant *ssc_variant_new_open_session_args(const gchar *algorithm) {
  return g_variant_new("(sv)", algorithm, g_variant_new_string(""));
}

GVariant *ssc_variant_new_plain_secret(const gchar *session, SecretValue *value) {
  gsize length = 0;
  const gchar *bytes = secret_value_get(value, &length);  // transfer none
  // The array borrows the value's (wiped-on-release) buffer and holds a reference on it until it is freed.
  GVariant *data = g_variant_new_from_data(G_VARIANT_TYPE("ay"), length ? bytes : "", length, TRUE,
                                           (GDestroyNotify)secret_value_unref, secret_value_ref(value));
  GVariant *parameters = g_variant_new_from_data(G_VARIANT_TYPE("ay"), "", 0, TRUE, NULL, NULL);
  return g_variant_new("(o@ay@ays)", session, parameters, data, secret_value_get_content_type(value));
}

gconstpointer ssc_variant_plain_secret_bytes(GVariant *secret, gsize *length) {
  *length = 0;
  if (!g_variant_is_of_type(secret, G_VARIANT_TYPE("(oayays)"))) return NULL;
  GVariant *data = g_variant_get_child_value(secret, 2);  // transfer full
  gconstpointer bytes = g_variant_get_fixed_array(data, length, 1);  // transfer none: owned by `secret` too
  g_variant_unref(data);  // `secret` keeps the child's memory alive
  return bytes;
}
