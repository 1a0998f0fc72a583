internal import CLibSecret
internal import CLibSecretShims
import GLibValues

/// The contents of libsecret's keyring file (`$XDG_DATA_HOME/keyrings/default.keyring`), the file libsecret 0.20.5's
/// file backend and oo7 read and write inside a sandbox:
///
/// `"GnomeKeyring\n\r\0\n"` (16 bytes), major version 1, minor version 0, then a little-endian GVariant
/// `(uayutua(a{say}ay))`: salt size, salt, PBKDF2 iterations, modified time (seconds), usage count, items. Each item
/// is its attributes hashed (name → HMAC-SHA256 of the value) and its encrypted blob (`KeyringItemContents`).
package struct KeyringFileContents: Sendable {
  package var salt: [UInt8]
  package var iterations: UInt32
  /// Seconds since 1970 of the last write.
  package var modified: UInt64
  /// How many writes the file has seen (libsecret and oo7 add one per write).
  package var usageCount: UInt32
  package var items: [EncryptedKeyringItem]

  package init(salt: [UInt8], iterations: UInt32, modified: UInt64, usageCount: UInt32, items: [EncryptedKeyringItem]) {
    self.salt = salt
    self.iterations = iterations
    self.modified = modified
    self.usageCount = usageCount
    self.items = items
  }
}

/// One item as the file holds it: hashed attributes in file order, and `ciphertext ‖ IV ‖ MAC`.
package struct EncryptedKeyringItem: Sendable, Equatable {
  package struct HashedAttribute: Sendable, Equatable {
    package var name: String
    package var mac: [UInt8]

    package init(name: String, mac: [UInt8]) {
      self.name = name
      self.mac = mac
    }
  }

  package var hashedAttributes: [HashedAttribute]
  package var blob: [UInt8]

  package init(hashedAttributes: [HashedAttribute], blob: [UInt8]) {
    self.hashedAttributes = hashedAttributes
    self.blob = blob
  }

  /// The MAC of `name`'s value, nil when the item has no such attribute.
  package func mac(of name: String) -> [UInt8]? {
    hashedAttributes.first { $0.name == name }?.mac
  }
}

/// Why a keyring file could not be read. Nothing is ever written over such a file.
package enum KeyringFileError: Error, Sendable, Equatable {
  /// The file does not start with the keyring header.
  case notAKeyring
  /// The header names a format version other than 1.0.
  case unknownVersion(major: UInt8, minor: UInt8)
  /// The body is not the expected GVariant (truncated, damaged, or a salt size that disagrees with the salt).
  case corrupt(String)
}

/// Reading and writing the keyring file's bytes through GLib's GVariant (the serialisation libsecret uses).
extension KeyringFileContents {
  /// `"GnomeKeyring\n\r\0\n"`.
  package static let magic: [UInt8] = Array("GnomeKeyring\n\r".utf8) + [0, 10]
  package static let majorVersion: UInt8 = 1
  package static let minorVersion: UInt8 = 0
  /// The bytes before the body: the magic and the format version.
  package static var headerSize: Int { magic.count + 2 }
  static let bodyType: StaticString = "(uayutua(a{say}ay))"

  /// Parses a whole file held in memory; its body is copied once, into memory aligned as GVariant needs.
  package init(decoding bytes: [UInt8]) throws(KeyringFileError) {
    let bodySize = max(0, bytes.count - Self.headerSize)
    let body = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bodySize, 1), alignment: 16)
    defer { body.deallocate() }
    if bodySize > 0 { body.copyBytes(from: bytes[Self.headerSize...]) }
    try self.init(
      header: bytes.prefix(Self.headerSize), body: UnsafeRawBufferPointer(rebasing: body[0..<bodySize]))
  }

  /// Whether `header` (the file's first `headerSize` bytes, fewer when the file is shorter) is the keyring header
  /// of format version 1.0.
  package static func check(header: some Collection<UInt8>) throws(KeyringFileError) {
    guard header.count >= magic.count, header.prefix(magic.count).elementsEqual(magic) else { throw .notAKeyring }
    guard header.count >= headerSize else { throw .corrupt("no version") }
    let version = Array(header.dropFirst(magic.count).prefix(2))
    guard version == [majorVersion, minorVersion] else {
      throw .unknownVersion(major: version[0], minor: version[1])
    }
  }

  /// Parses a file given as its header and its body. The body is read in place, without a copy: it must be aligned
  /// to 8 bytes (GLib would copy it otherwise) and stay valid during the call; nothing refers to it afterwards. It
  /// must be in GVariant normal form, which a truncated or damaged file is not (GLib would read default values out
  /// of it and an empty keyring could be taken for the real one).
  package init(header: some Collection<UInt8>, body: UnsafeRawBufferPointer) throws(KeyringFileError) {
    try Self.check(header: header)
    let base = body.baseAddress ?? UnsafeRawPointer(bitPattern: 16)!
    // transfer floating, sunk here; trusted = FALSE: GLib checks every offset it reads; no destroy notify: the
    // variant and every child taken from it end inside this initialiser, before the caller's buffer does.
    let root = OwnedVariant(
      sinking: g_variant_new_from_data(variantType(Self.bodyType), base, gsize(body.count), 0, nil, nil))
    let normal = root.withPointer { g_variant_is_normal_form($0) != 0 }  // transfer none
    guard normal else { throw .corrupt("the body is not a well-formed \(Self.bodyType)") }
    let native = Self.nativeEndian(root)
    guard let saltSize = native.child(0).uint32, let iterations = native.child(2).uint32,
      let modified = native.child(3).uint64, let usageCount = native.child(4).uint32
    else { throw .corrupt("unexpected field types") }
    let salt = native.child(1).bytes
    guard salt.count == Int(saltSize) else { throw .corrupt("salt size \(saltSize) for \(salt.count) bytes") }
    let array = native.child(5)
    var items: [EncryptedKeyringItem] = []
    items.reserveCapacity(array.childCount)
    for index in 0..<array.childCount {
      let item = array.child(index)
      let hashed = item.child(0)
      var attributes: [EncryptedKeyringItem.HashedAttribute] = []
      attributes.reserveCapacity(hashed.childCount)
      for entry in 0..<hashed.childCount {
        let pair = hashed.child(entry)
        attributes.append(.init(name: pair.child(0).string ?? "", mac: pair.child(1).bytes))
      }
      items.append(EncryptedKeyringItem(hashedAttributes: attributes, blob: item.child(1).bytes))
    }
    self.init(salt: salt, iterations: iterations, modified: modified, usageCount: usageCount, items: items)
  }

  /// The whole file: header, version 1.0, little-endian body.
  package func encoded() -> [UInt8] {
    var items: [OpaquePointer?] = items.map { item in
      var entries: [OpaquePointer?] = item.hashedAttributes.map { attribute in
        // floating children, consumed by the entry; the entry is floating, consumed by the array
        g_variant_new_dict_entry(g_variant_new_string(attribute.name), Self.byteArray(attribute.mac))
      }
      let hashed = g_variant_new_array(variantType("{say}"), &entries, gsize(entries.count))
      var fields: [OpaquePointer?] = [hashed, Self.byteArray(item.blob)]
      return g_variant_new_tuple(&fields, 2)  // transfer floating, children consumed
    }
    var fields: [OpaquePointer?] = [
      g_variant_new_uint32(UInt32(salt.count)), Self.byteArray(salt),
      g_variant_new_uint32(iterations), g_variant_new_uint64(guint64(modified)),
      g_variant_new_uint32(usageCount),
      g_variant_new_array(variantType("(a{say}ay)"), &items, gsize(items.count)),
    ]
    // transfer floating, sunk here; the fields are consumed
    let root = Self.littleEndian(OwnedVariant(sinking: g_variant_new_tuple(&fields, gsize(fields.count))))
    return root.withPointer { pointer in
      let size = Int(g_variant_get_size(pointer))  // transfer none
      // Serialised into aligned memory first (GVariant writes numbers in place), then after the header.
      let aligned = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
      defer { aligned.deallocate() }
      g_variant_store(pointer, aligned.baseAddress)  // transfer none
      var file = Self.magic + [Self.majorVersion, Self.minorVersion]
      file.reserveCapacity(file.count + size)
      file.append(contentsOf: UnsafeRawBufferPointer(rebasing: aligned[0..<size]))
      return file
    }
  }

  /// An `ay` holding a copy of `bytes`. Returns: (transfer floating).
  static func byteArray(_ bytes: [UInt8]) -> OpaquePointer {
    bytes.withUnsafeBytes { buffer in
      // transfer floating; the bytes are copied
      g_variant_new_fixed_array(variantType("y"), buffer.baseAddress, gsize(buffer.count), 1)
    }
  }

  /// The file stores little-endian values; on a big-endian host they are swapped before they are read.
  static func nativeEndian(_ value: consuming OwnedVariant) -> OwnedVariant {
    #if _endian(big)
      return OwnedVariant(taking: value.withPointer { g_variant_byteswap($0) })  // transfer full
    #else
      return value
    #endif
  }

  /// The little-endian form of a value built on this host.
  static func littleEndian(_ value: consuming OwnedVariant) -> OwnedVariant {
    nativeEndian(value)
  }
}

extension OwnedVariant {
  /// The bytes of an `ay` (empty for any other type).
  var bytes: [UInt8] {
    guard typeString == "ay" else { return [] }
    return withPointer { pointer in
      var count: gsize = 0
      guard let data = g_variant_get_fixed_array(pointer, &count, 1), count > 0 else { return [] }  // transfer none
      return Array(UnsafeRawBufferPointer(start: data, count: Int(count)))
    }
  }
}
