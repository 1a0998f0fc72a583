// What Swift cannot build itself: variadic constructors, and the G_VARIANT_TYPE macro.
#include "CLibSecretShims.h"

GVariant *ssc_variant_new_plain_secret(const gchar *session, SecretValue *value) {
  gsize length = 0;
  const gchar *bytes = secret_value_get(value, &length);  // transfer none
  // The array borrows the value's (wiped-on-release) buffer and holds a reference on it until it is freed.
  GVariant *data = g_variant_new_from_data(G_VARIANT_TYPE("ay"), length ? bytes : "", length, TRUE,
                                           (GDestroyNotify)secret_value_unref, secret_value_ref(value));
  GVariant *parameters = g_variant_new_from_data(G_VARIANT_TYPE("ay"), "", 0, TRUE, NULL, NULL);
  return g_variant_new("(o@ay@ays)", session, parameters, data, secret_value_get_content_type(value));
}

GVariant *ssc_variant_new_secret_bytes(SecretValue *value, gboolean as_string) {
  gsize length = 0;
  const gchar *bytes = secret_value_get(value, &length);  // transfer none
  // The variant borrows the value's (wiped-on-release, NUL-terminated) buffer and holds a reference on it until it is
  // freed; a string's serialised form is its bytes and the terminator.
  if (as_string)
    return g_variant_new_from_data(G_VARIANT_TYPE_STRING, bytes, length + 1, TRUE, (GDestroyNotify)secret_value_unref,
                                   secret_value_ref(value));
  return g_variant_new_from_data(G_VARIANT_TYPE("ay"), length ? bytes : "", length, TRUE,
                                 (GDestroyNotify)secret_value_unref, secret_value_ref(value));
}

gconstpointer ssc_variant_plain_secret_bytes(GVariant *secret, gsize *length) {
  *length = 0;
  if (!g_variant_is_of_type(secret, G_VARIANT_TYPE("(oayays)"))) return NULL;
  GVariant *data = g_variant_get_child_value(secret, 2);  // transfer full
  gconstpointer bytes = g_variant_get_fixed_array(data, length, 1);  // transfer none: owned by `secret` too
  g_variant_unref(data);  // `secret` keeps the child's memory alive
  return bytes;
}

const GVariantType *ssc_variant_type(const gchar *type_string) { return G_VARIANT_TYPE(type_string); }
