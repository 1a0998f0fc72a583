import Foundation

/// Reads the elements of a `kSecMatchIssuers` array as Apple's securityd does.
///
/// Apple's `query_add_match` keeps the elements that `SecDistinguishedNameCopyNormalizedContent` can normalise
/// (DER Names), and only a non-empty result makes the query an issuer search (which password and key classes
/// refuse). The same normalisation is made here with swift-certificates (`NameContent.normalizedContent`).
enum IssuerNameData {
  /// The normalized contents of the elements that are DER Names (other elements are dropped, as Apple drops them).
  static func normalizedNames(_ elements: [Any]) -> [Data] {
    elements.compactMap { element in
      guard let data = element as? Data else { return nil }
      return NameContent.normalizedContent(ofName: data)
    }
  }
}
