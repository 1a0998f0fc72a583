#ifndef CLIBCRYPTO_H
#define CLIBCRYPTO_H
// OpenSSL's libcrypto (Debian: libssl-dev), for PKCS#12 only. Only CLibCryptoShims includes it.
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pkcs12.h>
#include <openssl/provider.h>
#include <openssl/x509.h>
#endif
