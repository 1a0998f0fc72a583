import Crypto
import Foundation

// Attribute keys Apple's `SecKeyCopyAttributes` returns that are private in Apple's headers (`SecItemPriv.h`);
// raw values from Security-61901 `OSX/sec/Security/SecItemConstants.c`.
private let attrIsPrivate = "priv"
private let attrIsModifiable = "modi"
private let attrWasAlwaysSensitive = "asen"
private let attrWasNeverExtractable = "next"
private let attrCanSignRecover = "snrc"
private let attrCanVerifyRecover = "vyrc"

// Apple's names, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase

/// Returns the key's external representation: X9.63 (04 || X || Y, and || K for a private key) for EC keys, PKCS#1
/// DER for RSA keys. Keys here are always extractable, so this never fails.
///
/// The corresponding Apple function is `SecKeyCopyExternalRepresentation`.
@discardableResult
public func SecKeyCopyExternalRepresentation(
  _ key: SecKey,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
  key.externalRepresentation as NSData
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns the public key of a private key, or an equal public key for a public key.
///
/// The corresponding Apple function is `SecKeyCopyPublicKey`.
@discardableResult
public func SecKeyCopyPublicKey(_ key: SecKey) -> SecKey? {
  key.publicKey
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns the block size in bytes: the field element size of an EC key (32, 48, 66), the modulus size of an RSA key.
///
/// The corresponding Apple function is `SecKeyGetBlockSize`.
@discardableResult
public func SecKeyGetBlockSize(_ key: SecKey) -> Int {
  key.blockSize
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns the key's attributes as Apple's software keys report them (Security-61901 `SecKey.m`,
/// `SecKeyCopyAttributeDictionaryWithLocalKey`, with the EC and RSA adjustments of `SecECKey.m` / `SecRSAKey.c`):
/// `kSecClass` = `kSecClassKey`, `kSecAttrKeyClass`, `kSecAttrKeyType` (`kSecAttrKeyTypeEC` or `kSecAttrKeyTypeRSA`),
/// `kSecAttrKeySizeInBits` and `kSecAttrEffectiveKeySize`, `kSecAttrApplicationLabel` (SHA-1 of the public key's
/// X9.63 / PKCS#1 bytes), the can-… flags, `kSecAttrIsPermanent` (true, as Apple says even of ephemeral keys),
/// `kSecAttrIsSensitive` false, `kSecAttrIsExtractable` true, and `kSecValueData` (the external representation).
/// A key read from the keychain adds its item's attributes (label, tag, access group, accessibility, dates…) over
/// these.
///
/// The corresponding Apple function is `SecKeyCopyAttributes`.
@discardableResult
public func SecKeyCopyAttributes(_ key: SecKey) -> CFDictionary? {
  let isPrivate = key.isPrivate
  let yes = NSNumber(value: true)
  let no = NSNumber(value: false)
  let flag = { (value: Bool) in value ? yes : no }
  let label = Data(Insecure.SHA1.hash(data: key.publicKeyBytes))
  var attributes: [String: Any] = [
    kSecClass as String: kSecClassKey,
    kSecAttrKeyClass as String: isPrivate ? kSecAttrKeyClassPrivate : kSecAttrKeyClassPublic,
    kSecAttrApplicationLabel as String: label as NSData,
    kSecAttrIsPermanent as String: yes,
    attrIsPrivate: yes,
    attrIsModifiable: yes,
    kSecAttrKeyType as String: key.isEC ? kSecAttrKeyTypeEC : kSecAttrKeyTypeRSA,
    kSecAttrKeySizeInBits as String: NSNumber(value: key.sizeInBits),
    kSecAttrEffectiveKeySize as String: NSNumber(value: key.sizeInBits),
    kSecAttrIsSensitive as String: no,
    attrWasAlwaysSensitive: no,
    kSecAttrIsExtractable as String: yes,
    attrWasNeverExtractable: no,
    kSecAttrCanEncrypt as String: flag(!isPrivate),
    kSecAttrCanDecrypt as String: flag(isPrivate),
    kSecAttrCanDerive as String: yes,
    kSecAttrCanSign as String: flag(isPrivate),
    kSecAttrCanVerify as String: flag(!isPrivate),
    attrCanSignRecover: no,
    attrCanVerifyRecover: no,
    kSecAttrCanWrap as String: flag(!isPrivate),
    kSecAttrCanUnwrap as String: flag(isPrivate),
    kSecValueData as String: key.externalRepresentation as NSData,
  ]
  // Apple's per-type adjustments: EC public keys and all RSA keys cannot derive; RSA public keys say they can
  // decrypt (a quirk of SecRSAKey.c, kept for parity).
  if !key.isEC || !isPrivate {
    attributes[kSecAttrCanDerive as String] = no
  }
  if !key.isEC && !isPrivate {
    attributes[kSecAttrCanDecrypt as String] = yes
  }
  // A key read from the keychain reports its item's attributes (label, tag, access group, the stored flags…), as
  // Apple's keychain keys do.
  for (name, value) in key.keychainAttributes ?? [:] where ItemClass.key.descriptor(name)?.isInternal == false {
    attributes[name] = value.foundationObject
  }
  return attributes as NSDictionary
}
