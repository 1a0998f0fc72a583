// libsecret's password API: the baseline of SecItemAdd / SecItemUpdate (storev), SecItemCopyMatching returning
// data (lookupv) and SecItemDelete (clearv).
#include "lsb_internal.h"

int lsb_store(const char *service, const char *account, const char *label, const char *secret) {
  lsb_clear_error();
  GError *error = NULL;
  GHashTable *attributes = lsb_attributes(service, account); // transfer full
  gboolean stored = secret_password_storev_sync(lsb_schema(), attributes, SECRET_COLLECTION_DEFAULT, label, secret,
                                                lsb_call_begin(), &error); // attributes, strings: transfer none
  lsb_call_end();
  g_hash_table_unref(attributes);
  if (!stored) {
    lsb_fail("secret_password_storev_sync", error);
    return -1;
  }
  return 0;
}

long lsb_lookup(const char *service, const char *account) {
  lsb_clear_error();
  GError *error = NULL;
  GHashTable *attributes = lsb_attributes(service, account); // transfer full
  gchar *password = secret_password_lookupv_sync(lsb_schema(), attributes, lsb_call_begin(), &error); // transfer full
  lsb_call_end();
  g_hash_table_unref(attributes);
  if (error != NULL) {
    lsb_fail("secret_password_lookupv_sync", error);
    return -2;
  }
  if (password == NULL) return -1;
  long length = (long)strlen(password);
  secret_password_free(password); // wipes, then frees
  return length;
}

int lsb_clear(const char *service, const char *account) {
  lsb_clear_error();
  GError *error = NULL;
  GHashTable *attributes = lsb_attributes(service, account); // transfer full
  gboolean removed = secret_password_clearv_sync(lsb_schema(), attributes, lsb_call_begin(), &error);
  lsb_call_end();
  g_hash_table_unref(attributes);
  if (error != NULL) {
    lsb_fail("secret_password_clearv_sync", error);
    return -1;
  }
  return removed ? 1 : 0;
}
