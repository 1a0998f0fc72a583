import Crypto
import Foundation
import KeychainFiles
import X509

/// The trust settings of the user and admin domains (`SecTrustSettings…`, `security add-trusted-cert`), each a
/// property list in the layout of Apple's trust settings files (`trustVersion`, `trustList` keyed by the
/// certificate's SHA-1 in upper-case hexadecimal, each entry with `issuerName`, `serialNumber`, `modDate`,
/// `trustSettings`), plus the certificate itself (`certificate`: Apple finds it in the keychains):
///
/// - user: `$XDG_CONFIG_HOME/swift-keychain-linux/trust-settings.plist` (`~/.config/…`), next to the keychain
///   preferences;
/// - admin (`-d`): `/etc/swift-keychain-linux/trust-settings.plist`, which only root can write;
/// - system: the system's CA bundle (`SystemAnchors`), read only.
///
/// A usage constraint records its policy by identifier (`kSecPolicyAppleSSL`'s OID string; Apple stores the OID's
/// bytes), its result, and, kept and shown but not evaluated, its policy string, application path, allowed error and
/// key usage. Changes take an exclusive `flock` on `trust-settings.plist.lock` (at most 10 s), re-read the file,
/// apply, and replace it atomically (a temporary file and a rename): two processes changing settings at once lose
/// neither change.
package enum TrustSettingsStore {
  /// One certificate's trust settings in one domain.
  package struct Record {
    package let certificate: SecCertificate
    /// The usage constraints as stored (property-list values); empty: trusted as a root for every policy.
    package var constraints: [[String: Any]]
    package var modified: Date
  }

  private static let lock = NSLock()

  /// The file of a domain (nil for the system domain, which has none).
  package static func path(_ domain: SecTrustSettingsDomain) -> String? {
    let directory = SecItemEnvironment.current.trustSettingsDirectory
    let keychains = KeychainEnvironment.current
    switch domain {
    case .user:
      if let directory { return directory + "/user.plist" }
      if let path = keychains?.userTrustSettings { return path }
      return KeychainPreferencesFile.configurationDirectory + "/swift-keychain-linux/trust-settings.plist"
    case .admin:
      if let directory { return directory + "/admin.plist" }
      return keychains?.adminTrustSettings ?? "/etc/swift-keychain-linux/trust-settings.plist"
    case .system:
      return nil
    }
  }

  /// The certificate's key in `trustList`: its SHA-1 in upper-case hexadecimal.
  package static func key(_ certificate: SecCertificate) -> String {
    Insecure.SHA1.hash(data: certificate.derData).map { String(format: "%02X", $0) }.joined()
  }

  /// The domain's records by key, oldest first in `order`; none when the file is missing or unreadable.
  package static func read(_ domain: SecTrustSettingsDomain) -> [String: Record] {
    guard let path = path(domain), let data = FileManager.default.contents(atPath: path),
      let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
      let list = plist["trustList"] as? [String: Any]
    else { return [:] }
    var records: [String: Record] = [:]
    for (key, value) in list {
      guard let entry = value as? [String: Any], let der = entry["certificate"] as? Data,
        let certificate = SecCertificateCreateWithData(nil, der as CFData)
      else { continue }
      records[key] = Record(
        certificate: certificate, constraints: (entry["trustSettings"] as? [[String: Any]]) ?? [],
        modified: (entry["modDate"] as? Date) ?? Date(timeIntervalSince1970: 0))
    }
    return records
  }

  /// The records in a stable order: oldest change first.
  package static func ordered(_ records: [String: Record]) -> [Record] {
    records.sorted { ($0.value.modified, $0.key) < ($1.value.modified, $1.key) }.map(\.value)
  }

  /// Re-reads the domain's file, lets `change` edit the records, and writes the file again (removed when empty).
  /// `errSecDataNotModifiable` for the system domain; `errSecWrPerm` when the file or its folder cannot be written.
  package static func update<T>(
    _ domain: SecTrustSettingsDomain, _ change: (inout [String: Record]) -> Result<T, SecItemError>
  ) -> Result<T, SecItemError> {
    guard let path = path(domain) else {
      return .failure(SecItemError(errSecDataNotModifiable, "the system trust settings cannot be changed"))
    }
    return lock.withLock {
      do throws(SecItemError) {
        let descriptor = try lockFile(path)
        defer { close(descriptor) }
        try CrossProcessLock.acquire(descriptor, LOCK_EX, until: ContinuousClock.now.advanced(by: .seconds(10)))
        defer { flock(descriptor, LOCK_UN) }
        var records = read(domain)
        let outcome = change(&records)
        guard case .success = outcome else { return outcome }
        try write(records, to: path)
        return outcome
      } catch {
        return .failure(error)
      }
    }
  }

  /// The lock file next to the domain's file (`trust-settings.plist.lock`), its folder made when missing: changes
  /// from several processes take it in turn, each re-reading the file inside it.
  private static func lockFile(_ path: String) throws(SecItemError) -> Int32 {
    let directory = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    } catch {
      throw SecItemError(errSecWrPerm, "the trust settings folder \(directory) cannot be made")
    }
    let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw SecItemError(errSecWrPerm, "the trust settings lock cannot be opened") }
    return descriptor
  }

  private static func write(_ records: [String: Record], to path: String) throws(SecItemError) {
    let manager = FileManager.default
    if records.isEmpty {
      guard manager.fileExists(atPath: path) else { return }
      do { try manager.removeItem(atPath: path) } catch {
        throw SecItemError(errSecWrPerm, "the trust settings file cannot be removed")
      }
      return
    }
    var list: [String: Any] = [:]
    for (key, record) in records {
      list[key] =
        [
          "issuerName": (SecCertificateCopyNormalizedIssuerSequence(record.certificate) as Data?) ?? Data(),
          "serialNumber": record.certificate.serialNumberData, "modDate": record.modified,
          "trustSettings": record.constraints, "certificate": record.certificate.derData,
        ] as [String: Any]
    }
    let plist: [String: Any] = ["trustVersion": 1, "trustList": list]
    do {
      let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
      let directory = (path as NSString).deletingLastPathComponent
      try manager.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw SecItemError(errSecWrPerm, "the trust settings file \(path) cannot be written")
    }
  }

  /// Whether the certificate is self-signed (a root): its issuer is its subject and its own key verifies it.
  package static func isRoot(_ certificate: SecCertificate) -> Bool {
    let parsed = certificate.certificate
    return parsed.issuer == parsed.subject && parsed.publicKey.isValidSignature(parsed.signature, for: parsed)
  }
}

/// The user's and admin's trust settings as one evaluation reads them (once), applied as Apple's trust evaluation
/// applies them: for a certificate, the user's settings first, then the admin's; within a domain, the first usage
/// constraint whose policy is one of the evaluation's (or that names none) and whose result is not
/// `unspecified` decides. No constraint at all means `trustRoot` for every policy.
struct TrustSettingsSnapshot {
  private let domains: [[String: TrustSettingsStore.Record]]

  init() {
    domains = [TrustSettingsStore.read(.user), TrustSettingsStore.read(.admin)]
  }

  /// The result the settings give the certificate under policies with these identifiers, nil when none applies.
  func result(for certificate: SecCertificate, policies: [String]) -> SecTrustSettingsResult? {
    let key = TrustSettingsStore.key(certificate)
    for records in domains {
      guard let record = records[key] else { continue }
      if let result = Self.result(record.constraints, policies: policies) { return result }
    }
    return nil
  }

  /// The certificates trusted as anchors (`trustRoot`, `trustAsRoot`) under these policies.
  func anchors(policies: [String]) -> [SecCertificate] {
    var seen = Set<String>()
    var anchors: [SecCertificate] = []
    for records in domains {
      for (key, record) in records where !seen.contains(key) {
        seen.insert(key)
        let result = result(for: record.certificate, policies: policies)
        if result == .trustRoot || result == .trustAsRoot { anchors.append(record.certificate) }
      }
    }
    return anchors
  }

  private static func result(_ constraints: [[String: Any]], policies: [String]) -> SecTrustSettingsResult? {
    if constraints.isEmpty { return .trustRoot }
    for constraint in constraints {
      if let policy = constraint[kSecTrustSettingsPolicy] as? String, !policies.contains(policy) { continue }
      let raw =
        (constraint[kSecTrustSettingsResult] as? NSNumber)?.uint32Value ?? SecTrustSettingsResult.trustRoot.rawValue
      guard let result = SecTrustSettingsResult(rawValue: raw), result != .unspecified, result != .invalid else {
        continue
      }
      return result
    }
    return nil
  }
}
