/// The algorithm of a Secret Service session: how secrets travel between this process and the provider. The
/// Secret Service specification defines these two; libsecret asks for the first and falls back to `plain` without a
/// word when the provider refuses it.
package enum SessionAlgorithm: String, Sendable, Equatable, CaseIterable {
  /// Diffie-Hellman key agreement in the 1024-bit IETF group, an AES-128 key derived with HKDF-SHA-256, secrets
  /// encrypted with AES-128-CBC and PKCS#7 padding: they cross the bus encrypted (against nobody the bus does not
  /// already trust, docs/backends.md; the agreement is not authenticated).
  case dhIetf1024Sha256Aes128CbcPkcs7 = "dh-ietf1024-sha256-aes128-cbc-pkcs7"
  /// Secrets cross the bus as they are.
  case plain
}
