internal import CLinuxSystemShims
import GLibValues
import Glibc

/// The kernel's key retention service (keyrings(7)), as the keychain files use it: `user` keys in the user keyring
/// (`@u`), which every process of the user reaches whatever its session keyring, read back, given an expiry,
/// invalidated. The system calls go through the fixed-arity shims of `lsys_keys.c` (no libkeyutils).
///
/// Failures are sorted as the callers need them (`Failure`): refused (a seccomp filter such as Docker's default
/// profile, or a kernel without keys), absent (no such key, expired, revoked or not readable: "locked"), over the
/// user's quota, or another error.
package enum KernelKeyring {
  /// A key's serial number (`key_serial_t`).
  package typealias Serial = Int32

  /// `KEY_SPEC_USER_KEYRING`: the user keyring of the calling process's user.
  package static let userKeyring: Serial = -4

  /// Why a call failed.
  package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The system call itself is refused: `EPERM` (a seccomp filter, as Docker's default profile) or `ENOSYS` (a
    /// kernel without keys).
    case refused(errno: Int32)
    /// No usable key: none of that description (`ENOKEY`), expired (`EKEYEXPIRED`), revoked (`EKEYREVOKED`), or
    /// not readable by this process (`EACCES`).
    case absent(errno: Int32)
    /// The user's key quota is used up (`EDQUOT`; `/proc/sys/kernel/keys/maxkeys`, `maxbytes`).
    case quota
    /// Any other error.
    case failed(errno: Int32)

    init(errno code: Int32) {
      switch code {
      case EPERM, ENOSYS: self = .refused(errno: code)
      case ENOKEY, EKEYEXPIRED, EKEYREVOKED, EACCES: self = .absent(errno: code)
      case EDQUOT: self = .quota
      default: self = .failed(errno: code)
      }
    }

    package var description: String {
      switch self {
      // strerror: transfer none (a static string of the C library).
      case .refused(let code): "the kernel keyring is refused (\(String(cString: strerror(code))))"
      case .absent(let code): "no such key (\(String(cString: strerror(code))))"
      case .quota: "the user's kernel key quota is used up"
      case .failed(let code): "the kernel keyring failed (\(String(cString: strerror(code))))"
      }
    }
  }

  /// What `KEYCTL_DESCRIBE` tells of a key.
  package struct KeyDescription: Equatable, Sendable {
    package var type: String
    package var uid: UInt32
    package var gid: UInt32
    package var permissions: UInt32
    package var description: String
  }

  /// Permission bits (keyctl(2) `KEYCTL_SETPERM`): per class, view 0x01, read 0x02, write 0x04, search 0x08,
  /// link 0x10, setattr 0x20; the possessor's class is shifted by 24, the user's by 16.
  package enum Permission {
    package static let possessorAll: UInt32 = 0x3f00_0000
    package static let userView: UInt32 = 0x0001_0000
    package static let userRead: UInt32 = 0x0002_0000
    package static let userSearch: UInt32 = 0x0008_0000
    package static let userSetAttribute: UInt32 = 0x0020_0000
  }

  /// Adds a `user` key with `payload` to `keyring`, or replaces the payload of the key of that description already
  /// there (which keeps its serial number, permissions and expiry). The payload is copied by the kernel.
  package static func addUserKey(description: String, payload: SecretBytes, keyring: Serial = userKeyring)
    throws(Failure) -> Serial
  {
    let serial = payload.withUnsafeBytes { bytes in
      lsys_key_add_user(description, bytes.baseAddress, bytes.count, keyring)  // transfer none: copied by the kernel
    }
    guard serial >= 0 else { throw Failure(errno: errno) }
    return serial
  }

  /// The serial number of the `user` key of `description` reachable from `keyring`.
  package static func search(description: String, keyring: Serial = userKeyring) throws(Failure) -> Serial {
    let serial = lsys_key_search_user(keyring, description)  // transfer none: the description is borrowed
    guard serial >= 0 else { throw Failure(errno: errno) }
    return Serial(truncatingIfNeeded: serial)
  }

  /// The payload of `key`, in memory wiped when released (the buffer read into is wiped too).
  package static func read(_ key: Serial) throws(Failure) -> SecretBytes {
    var capacity = 128
    while true {
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
      defer {
        SecretBytes.wipe(buffer)
        buffer.deallocate()
      }
      let size = lsys_key_read(key, buffer.baseAddress, capacity)  // transfer none: the kernel fills our buffer
      guard size >= 0 else { throw Failure(errno: errno) }
      if size <= capacity {
        return SecretBytes(UnsafeRawBufferPointer(rebasing: buffer[0..<Int(size)]))
      }
      capacity = Int(size)  // the payload grew meanwhile, or was larger than the first guess
    }
  }

  /// The serial numbers of the keys linked in `keyring` (the payload of a keyring).
  package static func keys(in keyring: Serial) throws(Failure) -> [Serial] {
    let payload = try read(keyring)
    return payload.withUnsafeBytes { bytes in
      stride(from: 0, to: bytes.count - bytes.count % 4, by: 4).map {
        bytes.loadUnaligned(fromByteOffset: $0, as: Serial.self)
      }
    }
  }

  /// What `KEYCTL_DESCRIBE` says of `key`: `type;uid;gid;perm;description`.
  package static func describe(_ key: Serial) throws(Failure) -> KeyDescription {
    var capacity = 256
    while true {
      var buffer = [CChar](repeating: 0, count: capacity)
      let size = lsys_key_describe(key, &buffer, capacity)  // transfer none: the kernel fills our buffer
      guard size >= 0 else { throw Failure(errno: errno) }
      guard size > capacity else {
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The description itself may hold semicolons: only the first four separate fields.
        let fields = text.split(separator: ";", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 5, let uid = UInt32(fields[1]), let gid = UInt32(fields[2]),
          let permissions = UInt32(fields[3], radix: 16)
        else { throw Failure.failed(errno: EINVAL) }
        return KeyDescription(type: fields[0], uid: uid, gid: gid, permissions: permissions, description: fields[4])
      }
      capacity = Int(size)
    }
  }

  /// Sets the permissions of `key` (`Permission`).
  package static func setPermissions(_ key: Serial, _ permissions: UInt32) throws(Failure) {
    guard lsys_key_set_permissions(key, permissions) == 0 else { throw Failure(errno: errno) }
  }

  /// Makes `key` expire `seconds` from now; 0 removes its expiry.
  package static func setTimeout(_ key: Serial, seconds: UInt32) throws(Failure) {
    guard lsys_key_set_timeout(key, seconds) == 0 else { throw Failure(errno: errno) }
  }

  /// Makes `key` unreachable at once (the kernel collects it later).
  package static func invalidate(_ key: Serial) throws(Failure) {
    guard lsys_key_invalidate(key) == 0 else { throw Failure(errno: errno) }
  }
}
