import Security

// (Swift name, algorithm, Apple's raw value) from Apple's Security-61901 `OSX/sec/Security/SecKeyAdaptors.m`.

let keyAlgorithmsFromAppleSources: [(name: String, algorithm: SecKeyAlgorithm, raw: String)] = [
  ("rsaSignatureRaw", .rsaSignatureRaw, "algid:sign:RSA:raw"),
  ("rsaSignatureDigestPKCS1v15Raw", .rsaSignatureDigestPKCS1v15Raw, "algid:sign:RSA:digest-PKCS1v15"),
  ("rsaSignatureDigestPKCS1v15SHA1", .rsaSignatureDigestPKCS1v15SHA1, "algid:sign:RSA:digest-PKCS1v15:SHA1"),
  ("rsaSignatureDigestPKCS1v15SHA224", .rsaSignatureDigestPKCS1v15SHA224, "algid:sign:RSA:digest-PKCS1v15:SHA224"),
  ("rsaSignatureDigestPKCS1v15SHA256", .rsaSignatureDigestPKCS1v15SHA256, "algid:sign:RSA:digest-PKCS1v15:SHA256"),
  ("rsaSignatureDigestPKCS1v15SHA384", .rsaSignatureDigestPKCS1v15SHA384, "algid:sign:RSA:digest-PKCS1v15:SHA384"),
  ("rsaSignatureDigestPKCS1v15SHA512", .rsaSignatureDigestPKCS1v15SHA512, "algid:sign:RSA:digest-PKCS1v15:SHA512"),
  ("rsaSignatureDigestPSSSHA1", .rsaSignatureDigestPSSSHA1, "algid:sign:RSA:digest-PSS:SHA1:SHA1:20"),
  ("rsaSignatureDigestPSSSHA224", .rsaSignatureDigestPSSSHA224, "algid:sign:RSA:digest-PSS:SHA224:SHA224:24"),
  ("rsaSignatureDigestPSSSHA256", .rsaSignatureDigestPSSSHA256, "algid:sign:RSA:digest-PSS:SHA256:SHA256:32"),
  ("rsaSignatureDigestPSSSHA384", .rsaSignatureDigestPSSSHA384, "algid:sign:RSA:digest-PSS:SHA384:SHA384:48"),
  ("rsaSignatureDigestPSSSHA512", .rsaSignatureDigestPSSSHA512, "algid:sign:RSA:digest-PSS:SHA512:SHA512:64"),
  ("rsaSignatureMessagePKCS1v15SHA1", .rsaSignatureMessagePKCS1v15SHA1, "algid:sign:RSA:message-PKCS1v15:SHA1"),
  ("rsaSignatureMessagePKCS1v15SHA224", .rsaSignatureMessagePKCS1v15SHA224, "algid:sign:RSA:message-PKCS1v15:SHA224"),
  ("rsaSignatureMessagePKCS1v15SHA256", .rsaSignatureMessagePKCS1v15SHA256, "algid:sign:RSA:message-PKCS1v15:SHA256"),
  ("rsaSignatureMessagePKCS1v15SHA384", .rsaSignatureMessagePKCS1v15SHA384, "algid:sign:RSA:message-PKCS1v15:SHA384"),
  ("rsaSignatureMessagePKCS1v15SHA512", .rsaSignatureMessagePKCS1v15SHA512, "algid:sign:RSA:message-PKCS1v15:SHA512"),
  ("rsaSignatureMessagePSSSHA1", .rsaSignatureMessagePSSSHA1, "algid:sign:RSA:message-PSS:SHA1:SHA1:20"),
  ("rsaSignatureMessagePSSSHA224", .rsaSignatureMessagePSSSHA224, "algid:sign:RSA:message-PSS:SHA224:SHA224:24"),
  ("rsaSignatureMessagePSSSHA256", .rsaSignatureMessagePSSSHA256, "algid:sign:RSA:message-PSS:SHA256:SHA256:32"),
  ("rsaSignatureMessagePSSSHA384", .rsaSignatureMessagePSSSHA384, "algid:sign:RSA:message-PSS:SHA384:SHA384:48"),
  ("rsaSignatureMessagePSSSHA512", .rsaSignatureMessagePSSSHA512, "algid:sign:RSA:message-PSS:SHA512:SHA512:64"),
  ("ecdsaSignatureRFC4754", .ecdsaSignatureRFC4754, "algid:sign:ECDSA:RFC4754"),
  ("ecdsaSignatureDigestRFC4754", .ecdsaSignatureDigestRFC4754, "algid:sign:ECDSA:digest-RFC4754"),
  ("ecdsaSignatureDigestRFC4754SHA1", .ecdsaSignatureDigestRFC4754SHA1, "algid:sign:ECDSA:digest-RFC4754:SHA1"),
  ("ecdsaSignatureDigestRFC4754SHA224", .ecdsaSignatureDigestRFC4754SHA224, "algid:sign:ECDSA:digest-RFC4754:SHA224"),
  ("ecdsaSignatureDigestRFC4754SHA256", .ecdsaSignatureDigestRFC4754SHA256, "algid:sign:ECDSA:digest-RFC4754:SHA256"),
  ("ecdsaSignatureDigestRFC4754SHA384", .ecdsaSignatureDigestRFC4754SHA384, "algid:sign:ECDSA:digest-RFC4754:SHA384"),
  ("ecdsaSignatureDigestRFC4754SHA512", .ecdsaSignatureDigestRFC4754SHA512, "algid:sign:ECDSA:digest-RFC4754:SHA512"),
  ("ecdsaSignatureMessageRFC4754SHA1", .ecdsaSignatureMessageRFC4754SHA1, "algid:sign:ECDSA:message-RFC4754:SHA1"),
  (
    "ecdsaSignatureMessageRFC4754SHA224", .ecdsaSignatureMessageRFC4754SHA224, "algid:sign:ECDSA:message-RFC4754:SHA224"
  ),
  (
    "ecdsaSignatureMessageRFC4754SHA256", .ecdsaSignatureMessageRFC4754SHA256, "algid:sign:ECDSA:message-RFC4754:SHA256"
  ),
  (
    "ecdsaSignatureMessageRFC4754SHA384", .ecdsaSignatureMessageRFC4754SHA384, "algid:sign:ECDSA:message-RFC4754:SHA384"
  ),
  (
    "ecdsaSignatureMessageRFC4754SHA512", .ecdsaSignatureMessageRFC4754SHA512, "algid:sign:ECDSA:message-RFC4754:SHA512"
  ),
  ("ecdsaSignatureDigestX962", .ecdsaSignatureDigestX962, "algid:sign:ECDSA:digest-X962"),
  ("ecdsaSignatureDigestX962SHA1", .ecdsaSignatureDigestX962SHA1, "algid:sign:ECDSA:digest-X962:SHA1"),
  ("ecdsaSignatureDigestX962SHA224", .ecdsaSignatureDigestX962SHA224, "algid:sign:ECDSA:digest-X962:SHA224"),
  ("ecdsaSignatureDigestX962SHA256", .ecdsaSignatureDigestX962SHA256, "algid:sign:ECDSA:digest-X962:SHA256"),
  ("ecdsaSignatureDigestX962SHA384", .ecdsaSignatureDigestX962SHA384, "algid:sign:ECDSA:digest-X962:SHA384"),
  ("ecdsaSignatureDigestX962SHA512", .ecdsaSignatureDigestX962SHA512, "algid:sign:ECDSA:digest-X962:SHA512"),
  ("ecdsaSignatureMessageX962SHA1", .ecdsaSignatureMessageX962SHA1, "algid:sign:ECDSA:message-X962:SHA1"),
  ("ecdsaSignatureMessageX962SHA224", .ecdsaSignatureMessageX962SHA224, "algid:sign:ECDSA:message-X962:SHA224"),
  ("ecdsaSignatureMessageX962SHA256", .ecdsaSignatureMessageX962SHA256, "algid:sign:ECDSA:message-X962:SHA256"),
  ("ecdsaSignatureMessageX962SHA384", .ecdsaSignatureMessageX962SHA384, "algid:sign:ECDSA:message-X962:SHA384"),
  ("ecdsaSignatureMessageX962SHA512", .ecdsaSignatureMessageX962SHA512, "algid:sign:ECDSA:message-X962:SHA512"),
  ("rsaEncryptionRaw", .rsaEncryptionRaw, "algid:encrypt:RSA:raw"),
  ("rsaEncryptionPKCS1", .rsaEncryptionPKCS1, "algid:encrypt:RSA:PKCS1"),
  ("rsaEncryptionOAEPSHA1", .rsaEncryptionOAEPSHA1, "algid:encrypt:RSA:OAEP:SHA1"),
  ("rsaEncryptionOAEPSHA224", .rsaEncryptionOAEPSHA224, "algid:encrypt:RSA:OAEP:SHA224"),
  ("rsaEncryptionOAEPSHA256", .rsaEncryptionOAEPSHA256, "algid:encrypt:RSA:OAEP:SHA256"),
  ("rsaEncryptionOAEPSHA384", .rsaEncryptionOAEPSHA384, "algid:encrypt:RSA:OAEP:SHA384"),
  ("rsaEncryptionOAEPSHA512", .rsaEncryptionOAEPSHA512, "algid:encrypt:RSA:OAEP:SHA512"),
  ("rsaEncryptionOAEPSHA1AESGCM", .rsaEncryptionOAEPSHA1AESGCM, "algid:encrypt:RSA:OAEP:SHA1:AESGCM"),
  ("rsaEncryptionOAEPSHA224AESGCM", .rsaEncryptionOAEPSHA224AESGCM, "algid:encrypt:RSA:OAEP:SHA224:AESGCM"),
  ("rsaEncryptionOAEPSHA256AESGCM", .rsaEncryptionOAEPSHA256AESGCM, "algid:encrypt:RSA:OAEP:SHA256:AESGCM"),
  ("rsaEncryptionOAEPSHA384AESGCM", .rsaEncryptionOAEPSHA384AESGCM, "algid:encrypt:RSA:OAEP:SHA384:AESGCM"),
  ("rsaEncryptionOAEPSHA512AESGCM", .rsaEncryptionOAEPSHA512AESGCM, "algid:encrypt:RSA:OAEP:SHA512:AESGCM"),
  (
    "eciesEncryptionStandardX963SHA1AESGCM", .eciesEncryptionStandardX963SHA1AESGCM,
    "algid:encrypt:ECIES:ECDH:KDFX963:SHA1:AESGCM"
  ),
  (
    "eciesEncryptionStandardX963SHA224AESGCM", .eciesEncryptionStandardX963SHA224AESGCM,
    "algid:encrypt:ECIES:ECDH:KDFX963:SHA224:AESGCM"
  ),
  (
    "eciesEncryptionStandardX963SHA256AESGCM", .eciesEncryptionStandardX963SHA256AESGCM,
    "algid:encrypt:ECIES:ECDH:KDFX963:SHA256:AESGCM"
  ),
  (
    "eciesEncryptionStandardX963SHA384AESGCM", .eciesEncryptionStandardX963SHA384AESGCM,
    "algid:encrypt:ECIES:ECDH:KDFX963:SHA384:AESGCM"
  ),
  (
    "eciesEncryptionStandardX963SHA512AESGCM", .eciesEncryptionStandardX963SHA512AESGCM,
    "algid:encrypt:ECIES:ECDH:KDFX963:SHA512:AESGCM"
  ),
  (
    "eciesEncryptionCofactorX963SHA1AESGCM", .eciesEncryptionCofactorX963SHA1AESGCM,
    "algid:encrypt:ECIES:ECDHC:KDFX963:SHA1:AESGCM"
  ),
  (
    "eciesEncryptionCofactorX963SHA224AESGCM", .eciesEncryptionCofactorX963SHA224AESGCM,
    "algid:encrypt:ECIES:ECDHC:KDFX963:SHA224:AESGCM"
  ),
  (
    "eciesEncryptionCofactorX963SHA256AESGCM", .eciesEncryptionCofactorX963SHA256AESGCM,
    "algid:encrypt:ECIES:ECDHC:KDFX963:SHA256:AESGCM"
  ),
  (
    "eciesEncryptionCofactorX963SHA384AESGCM", .eciesEncryptionCofactorX963SHA384AESGCM,
    "algid:encrypt:ECIES:ECDHC:KDFX963:SHA384:AESGCM"
  ),
  (
    "eciesEncryptionCofactorX963SHA512AESGCM", .eciesEncryptionCofactorX963SHA512AESGCM,
    "algid:encrypt:ECIES:ECDHC:KDFX963:SHA512:AESGCM"
  ),
  (
    "eciesEncryptionStandardVariableIVX963SHA224AESGCM", .eciesEncryptionStandardVariableIVX963SHA224AESGCM,
    "algid:encrypt:ECIES:ECDH:KDFX963:SHA224:AESGCM-KDFIV"
  ),
  (
    "eciesEncryptionStandardVariableIVX963SHA256AESGCM", .eciesEncryptionStandardVariableIVX963SHA256AESGCM,
    "algid:encrypt:ECIES:ECDH:KDFX963:SHA256:AESGCM-KDFIV"
  ),
  (
    "eciesEncryptionStandardVariableIVX963SHA384AESGCM", .eciesEncryptionStandardVariableIVX963SHA384AESGCM,
    "algid:encrypt:ECIES:ECDH:KDFX963:SHA384:AESGCM-KDFIV"
  ),
  (
    "eciesEncryptionStandardVariableIVX963SHA512AESGCM", .eciesEncryptionStandardVariableIVX963SHA512AESGCM,
    "algid:encrypt:ECIES:ECDH:KDFX963:SHA512:AESGCM-KDFIV"
  ),
  (
    "eciesEncryptionCofactorVariableIVX963SHA224AESGCM", .eciesEncryptionCofactorVariableIVX963SHA224AESGCM,
    "algid:encrypt:ECIES:ECDHC:KDFX963:SHA224:AESGCM-KDFIV"
  ),
  (
    "eciesEncryptionCofactorVariableIVX963SHA256AESGCM", .eciesEncryptionCofactorVariableIVX963SHA256AESGCM,
    "algid:encrypt:ECIES:ECDHC:KDFX963:SHA256:AESGCM-KDFIV"
  ),
  (
    "eciesEncryptionCofactorVariableIVX963SHA384AESGCM", .eciesEncryptionCofactorVariableIVX963SHA384AESGCM,
    "algid:encrypt:ECIES:ECDHC:KDFX963:SHA384:AESGCM-KDFIV"
  ),
  (
    "eciesEncryptionCofactorVariableIVX963SHA512AESGCM", .eciesEncryptionCofactorVariableIVX963SHA512AESGCM,
    "algid:encrypt:ECIES:ECDHC:KDFX963:SHA512:AESGCM-KDFIV"
  ),
  ("ecdhKeyExchangeStandard", .ecdhKeyExchangeStandard, "algid:keyexchange:ECDH"),
  ("ecdhKeyExchangeStandardX963SHA1", .ecdhKeyExchangeStandardX963SHA1, "algid:keyexchange:ECDH:KDFX963:SHA1"),
  ("ecdhKeyExchangeStandardX963SHA224", .ecdhKeyExchangeStandardX963SHA224, "algid:keyexchange:ECDH:KDFX963:SHA224"),
  ("ecdhKeyExchangeStandardX963SHA256", .ecdhKeyExchangeStandardX963SHA256, "algid:keyexchange:ECDH:KDFX963:SHA256"),
  ("ecdhKeyExchangeStandardX963SHA384", .ecdhKeyExchangeStandardX963SHA384, "algid:keyexchange:ECDH:KDFX963:SHA384"),
  ("ecdhKeyExchangeStandardX963SHA512", .ecdhKeyExchangeStandardX963SHA512, "algid:keyexchange:ECDH:KDFX963:SHA512"),
  ("ecdhKeyExchangeCofactor", .ecdhKeyExchangeCofactor, "algid:keyexchange:ECDHC"),
  ("ecdhKeyExchangeCofactorX963SHA1", .ecdhKeyExchangeCofactorX963SHA1, "algid:keyexchange:ECDHC:KDFX963:SHA1"),
  ("ecdhKeyExchangeCofactorX963SHA224", .ecdhKeyExchangeCofactorX963SHA224, "algid:keyexchange:ECDHC:KDFX963:SHA224"),
  ("ecdhKeyExchangeCofactorX963SHA256", .ecdhKeyExchangeCofactorX963SHA256, "algid:keyexchange:ECDHC:KDFX963:SHA256"),
  ("ecdhKeyExchangeCofactorX963SHA384", .ecdhKeyExchangeCofactorX963SHA384, "algid:keyexchange:ECDHC:KDFX963:SHA384"),
  ("ecdhKeyExchangeCofactorX963SHA512", .ecdhKeyExchangeCofactorX963SHA512, "algid:keyexchange:ECDHC:KDFX963:SHA512"),
]
