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
