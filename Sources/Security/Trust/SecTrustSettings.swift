import Foundation
import SwiftASN1
import X509

/// A trust settings domain (Apple: `SecTrustSettingsDomain`). Where each is kept: `TrustSettingsStore`.
public enum SecTrustSettingsDomain: UInt32, Sendable {
  /// The user's trust settings (`security add-trusted-cert`).
  case user = 0
  /// The administrator's trust settings, for every user (`security add-trusted-cert -d`).
  case admin = 1
  /// The system's trust settings: here, the system's CA bundle, read only.
  case system = 2
}

/// The result of a usage constraint (Apple: `SecTrustSettingsResult`).
public enum SecTrustSettingsResult: UInt32, Sendable {
  /// Not a valid result.
  case invalid = 0
  /// The certificate is a trusted root (only for a self-signed certificate).
  case trustRoot = 1
  /// The certificate is trusted as a root though it is not self-signed.
  case trustAsRoot = 2
  /// The certificate is not trusted: evaluations whose chain holds it fail (`errSecTrustSettingDeny`).
  case deny = 3
  /// No decision: the next constraint or domain decides.
  case unspecified = 4
}

/// Usage constraint key: the policy it applies to (a `SecPolicy`); none: every policy.
public let kSecTrustSettingsPolicy = "kSecTrustSettingsPolicy"
/// Usage constraint key: a policy-specific string, such as a host name (kept, not evaluated here).
public let kSecTrustSettingsPolicyString = "kSecTrustSettingsPolicyString"
/// Usage constraint key: an application (here, its path as a string; kept, not evaluated: Linux has no per-application
/// trust).
public let kSecTrustSettingsApplication = "kSecTrustSettingsApplication"
/// Usage constraint key: a status to ignore (a number; kept, not evaluated here).
public let kSecTrustSettingsAllowedError = "kSecTrustSettingsAllowedError"
/// Usage constraint key: the result (a number, `SecTrustSettingsResult`; none: `trustRoot`).
public let kSecTrustSettingsResult = "kSecTrustSettingsResult"
/// Usage constraint key: key usage bits (a number; kept, not evaluated here).
public let kSecTrustSettingsKeyUsage = "kSecTrustSettingsKeyUsage"

// Apple's names, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase

/// Sets the certificate's trust settings in `domain`: nil (trusted as a root for every policy), one usage
/// constraints dictionary, or an array of them (keys `kSecTrustSettingsPolicy`, `kSecTrustSettingsResult`, …),
/// replacing any it had. `SecTrust` evaluations then trust it as an anchor (`trustRoot`, `trustAsRoot`) or refuse
/// chains through it (`deny`). `errSecParam` for a malformed dictionary or `trustRoot` on a certificate that is not
/// self-signed; `errSecDataNotModifiable` for the system domain; `errSecWrPerm` when the domain's file cannot be
/// written (the admin domain needs root).
///
/// The corresponding Apple function is `SecTrustSettingsSetTrustSettings`.
public func SecTrustSettingsSetTrustSettings(
  _ certRef: SecCertificate, _ domain: SecTrustSettingsDomain, _ trustSettingsDictOrArray: CFTypeRef?
) -> OSStatus {
  let constraints: [[String: Any]]
  switch TrustSettingsConstraints.stored(trustSettingsDictOrArray) {
  case .success(let parsed): constraints = parsed
  case .failure(let error): return error.status
  }
  let root = TrustSettingsStore.isRoot(certRef)
  let grantsRoot =
    constraints.isEmpty
    || constraints.contains { ($0[kSecTrustSettingsResult] as? NSNumber)?.uint32Value ?? 1 == 1 }
  if grantsRoot && !root { return errSecParam }
  let outcome = TrustSettingsStore.update(domain) { records -> Result<Void, SecItemError> in
    records[TrustSettingsStore.key(certRef)] = .init(certificate: certRef, constraints: constraints, modified: Date())
    return .success(())
  }
  if case .failure(let error) = outcome { return error.status }
  return errSecSuccess
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The certificate's trust settings in `domain`: an array of usage constraints dictionaries (empty: trusted as a
/// root for every policy; a system CA certificate's are empty). `errSecItemNotFound` when it has none there.
///
/// The corresponding Apple function is `SecTrustSettingsCopyTrustSettings`.
public func SecTrustSettingsCopyTrustSettings(
  _ certRef: SecCertificate, _ domain: SecTrustSettingsDomain, _ trustSettings: UnsafeMutablePointer<CFArray?>
) -> OSStatus {
  trustSettings.pointee = nil
  if domain == .system {
    guard SystemTrustSettings.certificates.contains(certRef) else { return errSecItemNotFound }
    trustSettings.pointee = [] as NSArray
    return errSecSuccess
  }
  guard let record = TrustSettingsStore.read(domain)[TrustSettingsStore.key(certRef)] else {
    return errSecItemNotFound
  }
  trustSettings.pointee = record.constraints.map(TrustSettingsConstraints.api) as NSArray
  return errSecSuccess
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Removes the certificate's trust settings from `domain`. `errSecItemNotFound` when it has none there;
/// `errSecDataNotModifiable` for the system domain; `errSecWrPerm` when the domain's file cannot be written.
///
/// The corresponding Apple function is `SecTrustSettingsRemoveTrustSettings`.
public func SecTrustSettingsRemoveTrustSettings(_ certRef: SecCertificate, _ domain: SecTrustSettingsDomain)
  -> OSStatus
{
  let outcome = TrustSettingsStore.update(domain) { records -> Result<Void, SecItemError> in
    guard records.removeValue(forKey: TrustSettingsStore.key(certRef)) != nil else {
      return .failure(SecItemError(errSecItemNotFound, "the certificate has no trust settings"))
    }
    return .success(())
  }
  if case .failure(let error) = outcome { return error.status }
  return errSecSuccess
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The certificates that have trust settings in `domain` (the system domain: the system's CA certificates), oldest
/// setting first. `errSecNoTrustSettings` when there are none.
///
/// The corresponding Apple function is `SecTrustSettingsCopyCertificates`.
public func SecTrustSettingsCopyCertificates(
  _ domain: SecTrustSettingsDomain, _ certArray: UnsafeMutablePointer<CFArray?>?
) -> OSStatus {
  certArray?.pointee = nil
  let certificates =
    domain == .system
    ? SystemTrustSettings.certificates : TrustSettingsStore.ordered(TrustSettingsStore.read(domain)).map(\.certificate)
  guard !certificates.isEmpty else { return errSecNoTrustSettings }
  certArray?.pointee = certificates as NSArray
  return errSecSuccess
}

/// Usage constraints between Apple's API form (a `SecPolicy` under `kSecTrustSettingsPolicy`) and the stored form
/// (the policy's identifier).
enum TrustSettingsConstraints {
  /// The stored form of `SecTrustSettingsSetTrustSettings`' argument; empty dictionaries are dropped (macOS shows
  /// none for `add-trusted-cert -r trustRoot`).
  static func stored(_ value: CFTypeRef?) -> Result<[[String: Any]], SecItemError> {
    guard let value else { return .success([]) }
    let dictionaries: [Any]
    if let array = value as? [Any] {
      dictionaries = array
    } else if let dictionary = value as? [String: Any] {
      dictionaries = [dictionary]
    } else {
      return .failure(.param("trust settings must be a dictionary or an array of dictionaries"))
    }
    var stored: [[String: Any]] = []
    for element in dictionaries {
      guard let dictionary = element as? [String: Any] else { return .failure(.param("not a dictionary")) }
      var constraint: [String: Any] = [:]
      for (key, value) in dictionary {
        switch key {
        case kSecTrustSettingsPolicy:
          guard let policy = value as? SecPolicy else { return .failure(.param("\(key) must be a SecPolicy")) }
          constraint[key] = policy.identifier
        case kSecTrustSettingsResult:
          guard let number = value as? NSNumber, let result = SecTrustSettingsResult(rawValue: number.uint32Value),
            result != .invalid
          else { return .failure(.param("\(key) must be a SecTrustSettingsResult")) }
          constraint[key] = NSNumber(value: result.rawValue)
        case kSecTrustSettingsPolicyString, kSecTrustSettingsApplication:
          guard let string = value as? String else { return .failure(.param("\(key) must be a string")) }
          constraint[key] = string
        case kSecTrustSettingsAllowedError, kSecTrustSettingsKeyUsage:
          guard let number = value as? NSNumber else { return .failure(.param("\(key) must be a number")) }
          constraint[key] = NSNumber(value: number.int32Value)
        default:
          return .failure(.param("unknown trust settings key \(key)"))
        }
      }
      if !constraint.isEmpty { stored.append(constraint) }
    }
    return .success(stored)
  }

  /// The API form of a stored constraint: the policy as a `SecPolicy`.
  static func api(_ stored: [String: Any]) -> NSDictionary {
    var constraint = stored
    if let identifier = stored[kSecTrustSettingsPolicy] as? String {
      constraint[kSecTrustSettingsPolicy] = SecPolicyCreateWithProperties(identifier as NSString, nil)
    }
    return constraint as NSDictionary
  }
}

/// The system domain: the system's CA certificates as `SecCertificate`s.
enum SystemTrustSettings {
  static let certificates: [SecCertificate] = SystemAnchors.certificates.compactMap { certificate in
    var serializer = DER.Serializer()
    guard (try? serializer.serialize(certificate)) != nil else { return nil }
    return SecCertificateCreateWithData(nil, Data(serializer.serializedBytes) as CFData)
  }
}
