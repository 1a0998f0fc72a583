import GLibValues

/// The content type of an item's secret in a keyring file, which the format has no field for: oo7 keeps it as the
/// attribute `xdg:content-type` (`text/plain` or `application/octet-stream`) and reports an item without one as
/// `application/octet-stream`, a binary blob; libsecret 0.20.5 writes none and ignores it.
///
/// Every item this package writes to a keyring file carries it, by the rule the Secret Service path uses for the
/// content type it sends (`text/plain` when the secret is UTF-8 without NUL, else `application/octet-stream`), so that
/// oo7 programs see a password as text. To the SecItem layer it is another client's attribute on the item: no Apple
/// attribute stores under it, no query names it, and updates keep it (the store sets it anew from the secret on
/// every write of the item).
package enum KeyringContentType {
  /// oo7's attribute (`CONTENT_TYPE_ATTRIBUTE`).
  package static let attribute = "xdg:content-type"

  /// The content type of `secret`.
  static func of(_ secret: SecretBytes) -> String {
    secret.isUTF8TextWithoutNUL ? "text/plain" : "application/octet-stream"
  }

  /// `attributes` with the content type of `secret`.
  package static func marked(_ attributes: [String: String], secret: SecretBytes) -> [String: String] {
    var marked = attributes
    marked[attribute] = of(secret)
    return marked
  }
}
