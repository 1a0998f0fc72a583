import Foundation

/// Flags of an access control object (Apple: `SecAccessControlCreateFlags`, raw values from `SecAccessControl.h`).
public struct SecAccessControlCreateFlags: OptionSet, Hashable, Sendable {
  public let rawValue: CFOptionFlags

  public init(rawValue: CFOptionFlags) {
    self.rawValue = rawValue
  }

  /// User presence: biometry or the device passcode (`kSecAccessControlUserPresence`).
  public static let userPresence = SecAccessControlCreateFlags(rawValue: 1 << 0)
  /// Any enrolled biometry (`kSecAccessControlBiometryAny`).
  public static let biometryAny = SecAccessControlCreateFlags(rawValue: 1 << 1)
  /// Deprecated name of `biometryAny` (`kSecAccessControlTouchIDAny`).
  public static let touchIDAny = SecAccessControlCreateFlags(rawValue: 1 << 1)
  /// The currently enrolled biometry (`kSecAccessControlBiometryCurrentSet`).
  public static let biometryCurrentSet = SecAccessControlCreateFlags(rawValue: 1 << 3)
  /// Deprecated name of `biometryCurrentSet` (`kSecAccessControlTouchIDCurrentSet`).
  public static let touchIDCurrentSet = SecAccessControlCreateFlags(rawValue: 1 << 3)
  /// The device passcode (`kSecAccessControlDevicePasscode`).
  public static let devicePasscode = SecAccessControlCreateFlags(rawValue: 1 << 4)
  /// Deprecated name of `companion` (`kSecAccessControlWatch`).
  public static let watch = SecAccessControlCreateFlags(rawValue: 1 << 5)
  /// A paired companion device (`kSecAccessControlCompanion`).
  public static let companion = SecAccessControlCreateFlags(rawValue: 1 << 5)
  /// Any one of the constraints suffices (`kSecAccessControlOr`).
  public static let or = SecAccessControlCreateFlags(rawValue: 1 << 14)
  /// Every constraint is required (`kSecAccessControlAnd`).
  public static let and = SecAccessControlCreateFlags(rawValue: 1 << 15)
  /// Constraints apply to private-key operations (`kSecAccessControlPrivateKeyUsage`).
  public static let privateKeyUsage = SecAccessControlCreateFlags(rawValue: 1 << 30)
  /// An application-provided password (`kSecAccessControlApplicationPassword`).
  public static let applicationPassword = SecAccessControlCreateFlags(rawValue: 1 << 31)
}

/// An access control object: a protection class (a `kSecAttrAccessible…` value) and constraint flags, the value of
/// `kSecAttrAccessControl` (Apple: the opaque CF type `SecAccessControl`).
///
/// The Secret Service has no per-item access control, so the keychain accepts and ignores it (see docs/parity.md).
/// Immutable after creation, hence `@unchecked Sendable`.
public final class SecAccessControl: NSObject, @unchecked Sendable {
  /// The protection class's raw value, one of the `kSecAttrAccessible…` values (e.g. `"ak"`).
  package let protection: String
  /// The flags given at creation.
  package let flags: SecAccessControlCreateFlags

  init(protection: String, flags: SecAccessControlCreateFlags) {
    self.protection = protection
    self.flags = flags
  }

  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? SecAccessControl else { return false }
    return protection == other.protection && flags == other.flags
  }

  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(protection)
    hasher.combine(flags.rawValue)
    return hasher.finalize()
  }

  public override var description: String {
    "<SecAccessControlRef: \(protection);flags(0x\(String(flags.rawValue, radix: 16)))>"
  }
}

/// The protection values `SecAccessControlCreateWithFlags` accepts: Apple's list in `SecAccessControlSetProtection`
/// (the seven public `kSecAttrAccessible…` values and the private "until reboot" class `"f"`).
private let validProtections: Set<String> = ["dk", "ck", "ak", "dku", "cku", "aku", "akpu", "f"]

// Apple's name, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Creates an access control object with a protection class and flags.
///
/// Validates as Apple does and fails with an `NSOSStatusErrorDomain` error of code `errSecParam` when `protection` is
/// not a `kSecAttrAccessible…` value, when both `.or` and `.and` are set, when both biometry flags are set, or when
/// `.userPresence` is combined with anything but `.applicationPassword` and `.privateKeyUsage`.
///
/// - Parameters:
///   - allocator: Ignored (`kCFAllocatorDefault` or `nil`).
///   - protection: One of the `kSecAttrAccessible…` values.
///   - flags: Constraints; none means every operation is allowed.
///   - error: On failure, receives a retained error (take it with `takeRetainedValue()`).
/// - Returns: The access control object, or `nil` on failure.
///
/// The corresponding Apple function is `SecAccessControlCreateWithFlags`.
@discardableResult
public func SecAccessControlCreateWithFlags(
  _ allocator: CFAllocator?,
  _ protection: CFTypeRef,
  _ flags: SecAccessControlCreateFlags,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecAccessControl? {
  func fail(_ message: String) -> SecAccessControl? {
    let failure = NSError(
      domain: kCFErrorDomainOSStatus as String, code: Int(errSecParam),
      userInfo: [kCFErrorDescriptionKey as String: message])
    error?.pointee = Unmanaged.passRetained(failure)
    return nil
  }
  guard let protectionValue = (protection as? NSString).map({ $0 as String }),
    validProtections.contains(protectionValue)
  else {
    return fail("SecAccessControl: invalid protection: \(protection)")
  }
  if flags.contains(.or) && flags.contains(.and) {
    return fail("only one logical operation can be set")
  }
  if flags.isSuperset(of: [.biometryAny, .biometryCurrentSet]) {
    return fail("only one bio constraint can be set")
  }
  let allowedWithUserPresence: SecAccessControlCreateFlags = [.userPresence, .applicationPassword, .privateKeyUsage]
  if flags.contains(.userPresence) && !flags.isSubset(of: allowedWithUserPresence) {
    return fail(
      "kSecAccessControlUserPresence can be combined only with kSecAccessControlApplicationPassword and "
        + "kSecAccessControlPrivateKeyUsage"
    )
  }
  return SecAccessControl(protection: protectionValue, flags: flags)
}
