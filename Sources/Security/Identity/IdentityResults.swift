import Foundation
import GLibValues

/// The results of identity searches, as Apple's securityd builds them (`s3dl_query_row`, `handle_result` in
/// `SecItemDb.c`): the key's attributes with the certificate's merged over them, the key's data as `kSecValueData`,
/// a `SecIdentity` as the reference, and a persistent reference of class `idnt` naming the certificate.
enum IdentityResults {
  static func result(
    for identities: [IdentityPair], returnTypes: ReturnTypes, asArray: Bool, secrets: [ItemID: SecretBytes]
  ) -> AnyObject? {
    let visible = returnTypes.visible
    guard !visible.isEmpty else { return nil }
    var elements: [AnyObject] = []
    for identity in identities {
      if let element = element(identity, visible: visible, needsSecrets: returnTypes.contains(.data), secrets) {
        elements.append(element)
      }
    }
    if asArray { return NSArray(array: elements) }
    return elements.first
  }

  private static func element(
    _ identity: IdentityPair, visible: ReturnTypes, needsSecrets: Bool, _ secrets: [ItemID: SecretBytes]
  ) -> AnyObject? {
    let keySecret = secrets[identity.key.id]
    let certificateSecret = secrets[identity.certificate.id]
    if needsSecrets && (keySecret == nil || certificateSecret == nil) { return nil }
    var reference: SecIdentity?
    if visible.contains(.reference) {
      // As `ResultBuilder`: no identity from a damaged key or certificate leaves a bare reference out and a
      // dictionary without `kSecValueRef` (Apple's `SecItemResultCopyPrepared`).
      if let certificateSecret, let keySecret { reference = self.identity(identity, certificateSecret, keySecret) }
      if reference == nil && visible == .reference { return nil }
    }
    let persistentReference = NSData(data: identity.locator.persistentReference)
    switch visible {
    case .data: return keySecret.map(ResultBuilder.returnedData) ?? NSData()
    case .attributes: return attributeDictionary(identity)
    case .reference: return reference
    case .persistentReference: return persistentReference
    default: break
    }
    let dictionary = visible.contains(.attributes) ? attributeDictionary(identity) : NSMutableDictionary()
    if visible.contains(.data), let keySecret {
      dictionary[NSString(string: RawKey.valueData)] = ResultBuilder.returnedData(keySecret)
    }
    if let reference { dictionary[NSString(string: RawKey.valueRef)] = reference }
    if visible.contains(.persistentReference) {
      dictionary[NSString(string: RawKey.valuePersistentRef)] = persistentReference
    }
    return dictionary
  }

  /// The `SecIdentity` of a pair, or nil when the secrets are not a certificate and its private key.
  static func identity(_ pair: IdentityPair, _ certificateSecret: SecretBytes, _ keySecret: SecretBytes) -> SecIdentity?
  {
    guard let certificate = SecCertificateCreateWithData(nil, certificateSecret.copyData() as CFData),
      let key = ResultBuilder.reference(for: pair.key, secret: keySecret) as? SecKey
    else { return nil }
    return SecIdentity(certificate: certificate, privateKey: key)
  }

  /// The key's attributes, the certificate's over them (Apple's `s3dl_merge_into_dict`), class `idnt`.
  static func attributeDictionary(_ identity: IdentityPair) -> NSMutableDictionary {
    let dictionary = ResultBuilder.attributeDictionary(identity.key)
    for case (let key as NSString, let value) in ResultBuilder.attributeDictionary(identity.certificate) {
      dictionary[key] = value
    }
    dictionary[NSString(string: RawKey.itemClass)] = NSString(string: RawKey.classIdentity)
    return dictionary
  }
}
