// libsecret's item search: the baseline of SecItemCopyMatching returning attributes (and data), one or all items.
#include "lsb_internal.h"

// Reads what a SecItemCopyMatching result holds of one item; returns the number of bytes read.
static size_t read_item(SecretItem *item) {
  size_t bytes = 0;
  GHashTable *attributes = secret_item_get_attributes(item); // transfer full
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init(&iter, attributes);
  while (g_hash_table_iter_next(&iter, &key, &value)) bytes += strlen(key) + strlen(value);
  g_hash_table_unref(attributes);
  gchar *label = secret_item_get_label(item); // transfer full
  if (label != NULL) bytes += strlen(label);
  g_free(label);
  bytes += (size_t)(secret_item_get_created(item) != 0) + (size_t)(secret_item_get_modified(item) != 0);
  SecretValue *secret = secret_item_get_secret(item); // transfer full; NULL unless loaded
  if (secret != NULL) {
    gsize length = 0;
    secret_value_get(secret, &length); // transfer none
    bytes += length;
    secret_value_unref(secret); // libsecret wipes the secret memory when the last reference goes
  }
  return bytes;
}

long lsb_search(const char *service, const char *account, int all, int load_secrets, size_t *bytes) {
  lsb_clear_error();
  GError *error = NULL;
  // {} matches every item. The schema only validates names (DONT_MATCH_NAME: no xdg:schema in the match), and
  // refuses an empty match (a GLib critical, no GError): no schema for {}.
  GHashTable *attributes = service != NULL ? lsb_attributes(service, account)
                                           : g_hash_table_new(g_str_hash, g_str_equal); // transfer full
  const SecretSchema *schema = service != NULL ? lsb_schema() : NULL;
  SecretSearchFlags flags = SECRET_SEARCH_UNLOCK;
  if (all) flags |= SECRET_SEARCH_ALL;
  if (load_secrets) flags |= SECRET_SEARCH_LOAD_SECRETS;
  GList *items = secret_service_search_sync(lsb_service(), schema, attributes, flags, lsb_call_begin(),
                                            &error); // transfer full: list and items
  lsb_call_end();
  g_hash_table_unref(attributes);
  if (error != NULL) {
    lsb_fail("secret_service_search_sync", error);
    return -1;
  }
  long count = 0;
  size_t total = 0;
  for (GList *node = items; node != NULL; node = node->next) {
    total += read_item(SECRET_ITEM(node->data));
    count++;
  }
  g_list_free_full(items, g_object_unref);
  if (bytes != NULL) *bytes = total;
  return count;
}
