// PKCS#12 through OpenSSL's libcrypto. Ownership is stated at every OpenSSL call: "owned" objects are freed here
// exactly once, "borrowed" ones belong to the object they came from.
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../CLibCrypto/CLibCrypto.h"
#include "CLibCryptoShims.h"

// ---- The library context: OpenSSL's default provider plus its legacy one (RC2-40, which `openssl pkcs12 -legacy`
// and macOS write). A private context, so that the process's default context stays as its other users set it; it is
// made the calling thread's default only for the duration of one call.

static OSSL_LIB_CTX *scp_context;  // owned for the process's lifetime
static pthread_once_t scp_context_once = PTHREAD_ONCE_INIT;

static void scp_make_context(void) {
  OSSL_LIB_CTX *context = OSSL_LIB_CTX_new();  // owned (kept in scp_context)
  if (context == NULL) return;
  // Both providers stay loaded for the context's (the process's) lifetime: the returned handles are not unloaded.
  if (OSSL_PROVIDER_load(context, "default") == NULL) {
    OSSL_LIB_CTX_free(context);
    return;
  }
  (void)OSSL_PROVIDER_load(context, "legacy");  // absent legacy module: RC2 files fail as decode errors
  scp_context = context;
}

/// Makes the private context the thread's default; returns the previous default (to restore), or NULL with *ok = 0.
static OSSL_LIB_CTX *scp_enter(int *ok) {
  pthread_once(&scp_context_once, scp_make_context);
  if (scp_context == NULL) {
    *ok = 0;
    return NULL;
  }
  *ok = 1;
  return OSSL_LIB_CTX_set0_default(scp_context);  // borrowed: the previous default, still owned by OpenSSL
}

static void scp_leave(OSSL_LIB_CTX *previous) {
  (void)OSSL_LIB_CTX_set0_default(previous);
  ERR_clear_error();  // OpenSSL's error queue says nothing the status does not, and may name inputs
}

// ---- Reading.

typedef struct {
  scp_bags *bags;
  size_t capacity;
  const char *password;
  int password_length;
  int failed;  // an scp_status once something failed
} scp_walk;

static void scp_wipe(void *bytes, size_t length) {
  if (bytes != NULL && length > 0) OPENSSL_cleanse(bytes, length);
}

void scp_buffer_free(unsigned char *buffer, size_t length) {
  scp_wipe(buffer, length);
  free(buffer);
}

void scp_bags_free(scp_bags *bags) {
  if (bags == NULL || bags->items == NULL) return;
  for (size_t index = 0; index < bags->count; index++) {
    scp_bag *bag = &bags->items[index];
    scp_buffer_free(bag->der, bag->der_length);
    free(bag->local_key_id);
    free(bag->friendly_name);
  }
  free(bags->items);
  bags->items = NULL;
  bags->count = 0;
}

/// Appends a bag whose DER is `der` (ownership passes to the bags); reads its attributes from `safe_bag` (borrowed).
static void scp_append(scp_walk *walk, const PKCS12_SAFEBAG *safe_bag, scp_bag_kind kind, unsigned char *der,
                       size_t der_length) {
  if (walk->bags->count == walk->capacity) {
    size_t capacity = walk->capacity == 0 ? 4 : walk->capacity * 2;
    scp_bag *items = realloc(walk->bags->items, capacity * sizeof(scp_bag));
    if (items == NULL) {
      scp_buffer_free(der, der_length);
      walk->failed = scp_internal_error;
      return;
    }
    walk->bags->items = items;
    walk->capacity = capacity;
  }
  scp_bag *bag = &walk->bags->items[walk->bags->count++];
  memset(bag, 0, sizeof(*bag));
  bag->kind = kind;
  bag->der = der;
  bag->der_length = der_length;
  char *name = PKCS12_get_friendlyname((PKCS12_SAFEBAG *)safe_bag);  // owned (OPENSSL_free); UTF-8
  if (name != NULL) {
    bag->friendly_name = strdup(name);
    OPENSSL_free(name);
  }
  const ASN1_TYPE *key_id = PKCS12_SAFEBAG_get0_attr(safe_bag, NID_localKeyID);  // borrowed
  if (key_id != NULL && key_id->type == V_ASN1_OCTET_STRING && key_id->value.octet_string != NULL) {
    const ASN1_OCTET_STRING *octets = key_id->value.octet_string;  // borrowed
    int count = ASN1_STRING_length(octets);
    if (count > 0) {
      bag->local_key_id = malloc((size_t)count);
      if (bag->local_key_id != NULL) {
        memcpy(bag->local_key_id, ASN1_STRING_get0_data(octets), (size_t)count);
        bag->local_key_id_length = (size_t)count;
      }
    }
  }
}

/// `private_key` (borrowed) as PKCS#8 DER in a malloc'd buffer the caller owns; NULL on failure.
static unsigned char *scp_encode_key(const PKCS8_PRIV_KEY_INFO *private_key, size_t *length) {
  int count = i2d_PKCS8_PRIV_KEY_INFO(private_key, NULL);
  if (count <= 0) return NULL;
  unsigned char *der = malloc((size_t)count);
  if (der == NULL) return NULL;
  unsigned char *cursor = der;
  if (i2d_PKCS8_PRIV_KEY_INFO(private_key, &cursor) != count) {
    scp_buffer_free(der, (size_t)count);
    return NULL;
  }
  *length = (size_t)count;
  return der;
}

static unsigned char *scp_encode_certificate(const X509 *certificate, size_t *length) {
  int count = i2d_X509(certificate, NULL);
  if (count <= 0) return NULL;
  unsigned char *der = malloc((size_t)count);
  if (der == NULL) return NULL;
  unsigned char *cursor = der;
  if (i2d_X509(certificate, &cursor) != count) {
    free(der);
    return NULL;
  }
  *length = (size_t)count;
  return der;
}

static void scp_walk_bags(scp_walk *walk, const STACK_OF(PKCS12_SAFEBAG) * safe_bags, int depth) {
  if (depth > 8) {  // nested safeContents bags deeper than any writer makes
    walk->failed = scp_decode_error;
    return;
  }
  for (int index = 0; index < sk_PKCS12_SAFEBAG_num(safe_bags) && !walk->failed; index++) {
    const PKCS12_SAFEBAG *safe_bag = sk_PKCS12_SAFEBAG_value(safe_bags, index);  // borrowed
    size_t length = 0;
    unsigned char *der = NULL;
    switch (PKCS12_SAFEBAG_get_nid(safe_bag)) {
      case NID_keyBag: {
        const PKCS8_PRIV_KEY_INFO *private_key = PKCS12_SAFEBAG_get0_p8inf(safe_bag);  // borrowed
        if (private_key == NULL || (der = scp_encode_key(private_key, &length)) == NULL) {
          walk->failed = scp_decode_error;
          return;
        }
        scp_append(walk, safe_bag, scp_bag_private_key, der, length);
        break;
      }
      case NID_pkcs8ShroudedKeyBag: {
        // owned; PKCS8_PRIV_KEY_INFO_free cleanses the key octets
        PKCS8_PRIV_KEY_INFO *private_key = PKCS12_decrypt_skey(safe_bag, walk->password, walk->password_length);
        if (private_key == NULL) {
          walk->failed = scp_decode_error;
          return;
        }
        der = scp_encode_key(private_key, &length);
        PKCS8_PRIV_KEY_INFO_free(private_key);
        if (der == NULL) {
          walk->failed = scp_decode_error;
          return;
        }
        scp_append(walk, safe_bag, scp_bag_private_key, der, length);
        break;
      }
      case NID_certBag: {
        if (PKCS12_SAFEBAG_get_bag_nid(safe_bag) != NID_x509Certificate) break;  // SDSI certificates: skipped
        X509 *certificate = PKCS12_SAFEBAG_get1_cert(safe_bag);  // owned
        if (certificate == NULL) {
          walk->failed = scp_decode_error;
          return;
        }
        der = scp_encode_certificate(certificate, &length);
        X509_free(certificate);
        if (der == NULL) {
          walk->failed = scp_decode_error;
          return;
        }
        scp_append(walk, safe_bag, scp_bag_certificate, der, length);
        break;
      }
      case NID_safeContentsBag:
        scp_walk_bags(walk, PKCS12_SAFEBAG_get0_safes(safe_bag), depth + 1);  // borrowed
        break;
      default:
        break;  // CRL and secret bags: not imported (Apple skips them too)
    }
  }
}

scp_status scp_pkcs12_read(const unsigned char *data, size_t length, const char *password, size_t password_length,
                           scp_bags *out) {
  out->items = NULL;
  out->count = 0;
  if (length == 0 || length > INT_MAX || password_length > INT_MAX) return scp_decode_error;
  int entered;
  OSSL_LIB_CTX *previous = scp_enter(&entered);
  if (!entered) return scp_internal_error;
  scp_status status = scp_ok;
  const unsigned char *cursor = data;
  PKCS12 *file = d2i_PKCS12(NULL, &cursor, (long)length);  // owned
  STACK_OF(PKCS7) *safes = NULL;                            // owned
  if (file == NULL || !PKCS12_mac_present(file)) {
    // Apple's p12decode requires password integrity (a MAC): a file without one is a decode error there too.
    status = scp_decode_error;
    goto done;
  }
  const char *pass = password != NULL ? password : "";
  int pass_length = (int)password_length;
  if (!PKCS12_verify_mac(file, pass, pass_length)) {
    // An empty passphrase: some writers derive from no password at all rather than from an empty BMPString.
    if (pass_length == 0 && PKCS12_verify_mac(file, NULL, 0)) {
      pass = NULL;
    } else {
      status = scp_password_error;
      goto done;
    }
  }
  safes = PKCS12_unpack_authsafes(file);
  if (safes == NULL) {
    status = scp_decode_error;
    goto done;
  }
  scp_walk walk = {.bags = out, .capacity = 0, .password = pass, .password_length = pass_length, .failed = 0};
  for (int index = 0; index < sk_PKCS7_num(safes) && !walk.failed; index++) {
    PKCS7 *safe = sk_PKCS7_value(safes, index);  // borrowed
    STACK_OF(PKCS12_SAFEBAG) *safe_bags = NULL;   // owned
    switch (OBJ_obj2nid(safe->type)) {
      case NID_pkcs7_data:
        safe_bags = PKCS12_unpack_p7data(safe);
        break;
      case NID_pkcs7_encrypted:
        safe_bags = PKCS12_unpack_p7encdata(safe, pass, pass_length);
        break;
      default:
        break;  // enveloped (public-key privacy mode): neither Apple nor this reads it
    }
    if (safe_bags == NULL) {
      walk.failed = scp_decode_error;
      break;
    }
    scp_walk_bags(&walk, safe_bags, 0);
    sk_PKCS12_SAFEBAG_pop_free(safe_bags, PKCS12_SAFEBAG_free);
  }
  status = (scp_status)walk.failed;
done:
  if (safes != NULL) sk_PKCS7_pop_free(safes, PKCS7_free);
  PKCS12_free(file);
  if (status != scp_ok) scp_bags_free(out);
  scp_leave(previous);
  return status;
}

// ---- Writing.

scp_status scp_pkcs12_write(const unsigned char *key_der, size_t key_length, const unsigned char *const *certificates,
                            const size_t *certificate_lengths, size_t certificate_count, const char *password,
                            size_t password_length, const char *friendly_name, unsigned char **out,
                            size_t *out_length) {
  *out = NULL;
  *out_length = 0;
  if (key_length > INT_MAX || password_length > INT_MAX) return scp_internal_error;
  int entered;
  OSSL_LIB_CTX *previous = scp_enter(&entered);
  if (!entered) return scp_internal_error;
  scp_status status = scp_internal_error;
  EVP_PKEY *key = NULL;                     // owned
  X509 *first = NULL;                       // owned
  STACK_OF(X509) *others = sk_X509_new_null();  // owned, with its certificates
  PKCS12 *file = NULL;                      // owned
  unsigned char *der = NULL;
  if (others == NULL) goto done;
  if (key_der != NULL) {
    const unsigned char *cursor = key_der;
    PKCS8_PRIV_KEY_INFO *info = d2i_PKCS8_PRIV_KEY_INFO(NULL, &cursor, (long)key_length);  // owned, cleansed on free
    if (info == NULL) goto done;
    key = EVP_PKCS82PKEY(info);
    PKCS8_PRIV_KEY_INFO_free(info);
    if (key == NULL) goto done;
  }
  for (size_t index = 0; index < certificate_count; index++) {
    const unsigned char *cursor = certificates[index];
    X509 *certificate = d2i_X509(NULL, &cursor, (long)certificate_lengths[index]);  // owned
    if (certificate == NULL) goto done;
    if (index == 0) {
      first = certificate;
    } else if (!sk_X509_push(others, certificate)) {  // ownership passes to the stack
      X509_free(certificate);
      goto done;
    }
  }
  // A key needs its certificate first; certificates alone go in the CA list.
  X509 *paired = key != NULL ? first : NULL;
  if (key == NULL && first != NULL) {
    if (!sk_X509_insert(others, first, 0)) goto done;
    first = NULL;  // now owned by the stack
  }
  const char *pass = password != NULL ? password : "";
  file = PKCS12_create(pass, friendly_name, key, paired, others, NID_pbe_WithSHA1And3_Key_TripleDES_CBC,
                       NID_pbe_WithSHA1And40BitRC2_CBC, 2048, -1, 0);  // mac_iter -1: no MAC yet (set below)
  if (file == NULL) goto done;
  if (!PKCS12_set_mac(file, pass, (int)password_length, NULL, 0, 2048, EVP_sha1())) goto done;
  int count = i2d_PKCS12(file, NULL);
  if (count <= 0) goto done;
  der = malloc((size_t)count);
  if (der == NULL) goto done;
  unsigned char *cursor = der;
  if (i2d_PKCS12(file, &cursor) != count) {
    free(der);
    goto done;
  }
  *out = der;
  *out_length = (size_t)count;
  status = scp_ok;
done:
  PKCS12_free(file);
  sk_X509_pop_free(others, X509_free);
  X509_free(first);
  EVP_PKEY_free(key);
  scp_leave(previous);
  return status;
}
