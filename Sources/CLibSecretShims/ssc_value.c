// SecretValue buffers that are wiped before they are freed.
#define _DEFAULT_SOURCE 1
#include <string.h>

#include "CLibSecretShims.h"

void ssc_wipe(void *pointer, gsize length) {
  if (pointer != NULL && length > 0) explicit_bzero(pointer, length);
}

// The buffer handed to libsecret starts SSC_HEADER bytes into the allocation; the header holds the length, which a
// GDestroyNotify does not receive.
#define SSC_HEADER 16

static void ssc_wipe_and_free(gpointer secret) {
  guint8 *base = (guint8 *)secret - SSC_HEADER;
  gsize length;
  memcpy(&length, base, sizeof length);
  ssc_wipe(secret, length + 1);
  g_free(base);
}

SecretValue *ssc_secret_value_new_wiping(const void *bytes, gsize length, const gchar *content_type) {
  G_STATIC_ASSERT(sizeof(gsize) <= SSC_HEADER);
  guint8 *base = g_malloc(SSC_HEADER + length + 1);
  memcpy(base, &length, sizeof length);
  guint8 *secret = base + SSC_HEADER;
  if (length > 0) memcpy(secret, bytes, length);
  secret[length] = 0;  // secret_value_get_text expects a terminator
  // transfer full: the value owns `secret` and calls ssc_wipe_and_free on its last unref.
  return secret_value_new_full((gchar *)secret, (gssize)length, content_type, ssc_wipe_and_free);
}
