internal import CLibSecret
internal import CLibSecretShims
import GLibValues

/// The decrypted content of one keyring-file item: the GVariant `(a{ss}sttay)` of attributes, label, created and
/// modified (seconds since 1970) and secret, little-endian, as libsecret 0.20.5 and oo7 write it.
package struct KeyringItemContents: Sendable {
  package var attributes: [String: String]
  package var label: String
  package var created: UInt64
  package var modified: UInt64
  package var secret: SecretBytes

  package init(attributes: [String: String], label: String, created: UInt64, modified: UInt64, secret: SecretBytes) {
    self.attributes = attributes
    self.label = label
    self.created = created
    self.modified = modified
    self.secret = secret
  }
}

extension KeyringItemContents {
  static let type: StaticString = "(a{ss}sttay)"

  /// Parses a decrypted item; nil when the bytes are not a `(a{ss}sttay)` in normal form. The bytes are read in
  /// place (no copy of the secret is left behind in GLib's memory).
  package init?(serialized plaintext: UnsafeRawBufferPointer) {
    guard let base = plaintext.baseAddress, Int(bitPattern: base) % 8 == 0 else {
      // Unaligned input would make GLib copy it; every caller passes a buffer of its own, 16-byte aligned.
      return nil
    }
    // transfer floating, sunk here; trusted = FALSE; no destroy notify: the variant ends inside this initialiser,
    // before the caller's buffer does.
    let variant = OwnedVariant(
      sinking: g_variant_new_from_data(variantType(Self.type), base, gsize(plaintext.count), 0, nil, nil))
    guard variant.withPointer({ g_variant_is_normal_form($0) != 0 }) else { return nil }  // transfer none
    let native = KeyringFileContents.nativeEndian(variant)
    guard let attributes = native.child(0).stringDictionary, let label = native.child(1).string,
      let created = native.child(2).uint64, let modified = native.child(3).uint64
    else { return nil }
    let secret = native.child(4)
    let bytes = secret.withPointer { pointer in
      var count: gsize = 0
      let data = g_variant_get_fixed_array(pointer, &count, 1)  // transfer none: inside `plaintext`
      return SecretBytes(copying: data, count: Int(count))
    }
    self.init(attributes: attributes, label: label, created: created, modified: modified, secret: bytes)
  }

  /// The serialised item, in a buffer that is wiped when released. The secret is read from its own buffer and
  /// written straight into the result (GLib serialises a value it built into the caller's memory).
  package func serialized() -> SecretBytes {
    secret.withUnsafeBytes { secretBytes in
      // transfer floating, consumed by the tuple; trusted, no copy: the tuple ends inside this closure
      let secretArray = g_variant_new_from_data(
        variantType("ay"), secretBytes.baseAddress, gsize(secretBytes.count), 1, nil, nil)
      var fields: [OpaquePointer?] = [
        VariantBuilder.stringDictionary(attributes), g_variant_new_string(label),
        g_variant_new_uint64(guint64(created)),
        g_variant_new_uint64(guint64(modified)), secretArray,
      ]
      // transfer floating, sunk here
      let tuple = KeyringFileContents.littleEndian(
        OwnedVariant(sinking: g_variant_new_tuple(&fields, gsize(fields.count))))
      return tuple.withPointer { pointer in
        let size = Int(g_variant_get_size(pointer))  // transfer none
        return SecretBytes(count: size) { buffer in
          g_variant_store(pointer, buffer.baseAddress)  // transfer none
        }
      }
    }
  }
}
