#ifndef CLIBCRYPTOSHIMS_H
#define CLIBCRYPTOSHIMS_H
// PKCS#12 (PFX) reading and writing through OpenSSL's libcrypto. Every buffer these functions return belongs to the
// caller and is released with scp_buffer_free (key material) or scp_bags_free; OpenSSL's objects never leave this
// file. The passphrase is borrowed for the call and never copied.
#include <stddef.h>

/// What a PKCS#12 read or write ended with.
typedef enum {
  scp_ok = 0,
  /// Not PKCS#12, damaged, truncated, without a MAC, or made with an algorithm OpenSSL does not offer.
  scp_decode_error = 1,
  /// The MAC does not verify with the passphrase (a wrong passphrase).
  scp_password_error = 2,
  /// Out of memory, or OpenSSL failed in a way the input does not explain.
  scp_internal_error = 3,
} scp_status;

/// The kind of one safe bag's content.
typedef enum {
  /// A private key: PKCS#8 PrivateKeyInfo DER (decrypted). Wiped when released.
  scp_bag_private_key = 1,
  /// An X.509 certificate: DER.
  scp_bag_certificate = 2,
} scp_bag_kind;

/// One key or certificate bag of a PKCS#12 file, with its bag attributes.
typedef struct {
  scp_bag_kind kind;
  unsigned char *der;
  size_t der_length;
  /// The localKeyId attribute's octets; NULL when absent.
  unsigned char *local_key_id;
  size_t local_key_id_length;
  /// The friendlyName attribute as UTF-8 (NUL-terminated); NULL when absent.
  char *friendly_name;
} scp_bag;

/// The bags of a file, in file order. Owned by the caller: scp_bags_free.
typedef struct {
  scp_bag *items;
  size_t count;
} scp_bags;

/// Reads a PKCS#12 file: verifies its MAC with the passphrase (an empty passphrase is tried as OpenSSL and Apple try
/// it: as an empty BMPString, then as no password), decrypts its safes and returns its key and certificate bags
/// (other bag types are skipped). On failure `out` is left empty. `password` may be NULL when `password_length` is 0.
scp_status scp_pkcs12_read(const unsigned char *data, size_t length, const char *password, size_t password_length,
                           scp_bags *out);

/// Releases the bags, wiping key bytes first.
void scp_bags_free(scp_bags *bags);

/// Writes a PKCS#12 file in the format macOS's `security export` writes (keys in pbeWithSHAAnd3-KeyTripleDES-CBC,
/// certificates in pbeWithSHAAnd40BitRC2-CBC, SHA-1 MAC, 2048 iterations): the key (PKCS#8 DER, may be NULL) paired with
/// the first certificate, then the other certificates. `friendly_name` (UTF-8) may be NULL. On success `*out` holds
/// the file (release with scp_buffer_free).
scp_status scp_pkcs12_write(const unsigned char *key_der, size_t key_length, const unsigned char *const *certificates,
                            const size_t *certificate_lengths, size_t certificate_count, const char *password,
                            size_t password_length, const char *friendly_name, unsigned char **out,
                            size_t *out_length);

/// Releases a buffer this file returned, wiping it first.
void scp_buffer_free(unsigned char *buffer, size_t length);

#endif
