internal import CLibSecret
internal import CLibSecretShims

/// One reference to a GVariant, owned by this value and released exactly once, when the value ends (`deinit`).
/// Noncopyable, so a reference can be neither dropped twice nor leaked by a copy; the pointer is lent to C only inside
/// `withPointer`.
package struct OwnedVariant: ~Copyable {
  private let pointer: OpaquePointer

  /// Takes a full (non-floating) reference: a result documented "transfer full".
  package init(taking pointer: OpaquePointer) {
    self.pointer = pointer
  }

  /// Owns a newly built value: sinks a floating reference (`g_variant_ref_sink`), so that builders and
  /// transfer-full results are owned alike.
  package init(sinking pointer: OpaquePointer) {
    self.pointer = g_variant_ref_sink(pointer)  // transfer full (sinks a floating reference)
  }

  deinit {
    g_variant_unref(pointer)  // our reference
  }

  /// Lends the pointer (transfer none) to `body`; it must not escape.
  package func withPointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
    try body(pointer)
  }

  /// The type string, e.g. `a{ss}`.
  package var typeString: String { String(cString: g_variant_get_type_string(pointer)) }  // transfer none

  /// Child `index` of a container.
  package func child(_ index: Int) -> OwnedVariant {
    OwnedVariant(taking: g_variant_get_child_value(pointer, gsize(index)))  // transfer full
  }

  /// The number of children of a container.
  package var childCount: Int { Int(g_variant_n_children(pointer)) }

  /// The value boxed in a `v`.
  package func unboxed() -> OwnedVariant? {
    guard typeString == "v" else { return nil }
    return OwnedVariant(taking: g_variant_get_variant(pointer))  // transfer full
  }

  /// The value of `key` in an `a{sv}` dictionary, unboxed; nil when absent.
  package func lookup(_ key: String) -> OwnedVariant? {
    g_variant_lookup_value(pointer, key, nil).map { OwnedVariant(taking: $0) }  // transfer full (nullable)
  }

  /// An `s`; nil for any other type (an object path `o` included: its readers give it a type of its own).
  package var string: String? {
    guard typeString == "s" else { return nil }
    return String(cString: g_variant_get_string(pointer, nil))  // transfer none
  }

  /// A `b`.
  package var bool: Bool? {
    guard typeString == "b" else { return nil }
    return g_variant_get_boolean(pointer) != 0
  }

  /// A `t`.
  package var uint64: UInt64? {
    guard typeString == "t" else { return nil }
    return UInt64(g_variant_get_uint64(pointer))
  }

  /// A `u`.
  package var uint32: UInt32? {
    guard typeString == "u" else { return nil }
    return UInt32(g_variant_get_uint32(pointer))
  }

  /// An `i`.
  package var int32: Int32? {
    guard typeString == "i" else { return nil }
    return Int32(g_variant_get_int32(pointer))
  }

  /// An `as` as an array.
  package var stringArray: [String]? {
    guard typeString == "as" else { return nil }
    var result: [String] = []
    for index in 0..<childCount {
      guard let element = child(index).string else { return nil }
      result.append(element)
    }
    return result
  }

  /// The bytes of an `ay`, or the UTF-8 of an `s` (a secret sent as a string: the KWallet API's passwords), copied
  /// straight into a wiped-on-release buffer, without a `String` in between; nil for any other type.
  package var secretBytes: SecretBytes? {
    switch typeString {
    case "ay":
      var count: gsize = 0
      let bytes = g_variant_get_fixed_array(pointer, &count, 1)  // transfer none
      return SecretBytes(copying: bytes, count: Int(count))
    case "s":
      var count: gsize = 0
      let bytes = g_variant_get_string(pointer, &count)  // transfer none
      return SecretBytes(copying: bytes, count: Int(count))
    default:
      return nil
    }
  }

  /// An `a{ss}` as a dictionary.
  package var stringDictionary: [String: String]? {
    guard typeString == "a{ss}" else { return nil }
    var result: [String: String] = [:]
    for index in 0..<childCount {
      let entry = child(index)
      guard let key = entry.child(0).string, let value = entry.child(1).string else { return nil }
      result[key] = value
    }
    return result
  }
}

/// Building GVariants. Every function returns a floating reference, meant to be sunk by `OwnedVariant(sinking:)` or
/// consumed by a container or a D-Bus call.
package enum VariantBuilder {
  /// An `s`. Returns: (transfer floating).
  package static func string(_ value: String) -> OpaquePointer { g_variant_new_string(value) }

  /// A `u`. Returns: (transfer floating).
  package static func uint32(_ value: UInt32) -> OpaquePointer { g_variant_new_uint32(value) }

  /// A `b`. Returns: (transfer floating).
  package static func bool(_ value: Bool) -> OpaquePointer { g_variant_new_boolean(value ? 1 : 0) }

  /// An `i`. Returns: (transfer floating).
  package static func int32(_ value: Int32) -> OpaquePointer { g_variant_new_int32(gint32(value)) }

  /// An `x`. Returns: (transfer floating).
  package static func int64(_ value: Int64) -> OpaquePointer { g_variant_new_int64(gint64(value)) }

  /// A `v` boxing `value` (floating, consumed). Returns: (transfer floating).
  package static func boxed(_ value: OpaquePointer) -> OpaquePointer { g_variant_new_variant(value) }

  /// A tuple of `children` (floating, consumed). Returns: (transfer floating).
  package static func tuple(_ children: [OpaquePointer]) -> OpaquePointer {
    var children: [OpaquePointer?] = children
    return g_variant_new_tuple(&children, gsize(children.count))  // children: consumed
  }

  /// An `a{ss}`. Returns: (transfer floating).
  package static func stringDictionary(_ dictionary: [String: String]) -> OpaquePointer {
    // Each entry straight from Swift's UTF-8 (g_variant_new_string copies it): no C copies of the strings first and
    // no format string to parse per entry (a lookup's attributes: 16–21 µs with a "{ss}" builder, 12 µs so; perf).
    // `withCString`, not the `String` passed as a pointer, which copies each string into an array first.
    var entries: [OpaquePointer?] = dictionary.map { entry in
      let key = entry.key.withCString { g_variant_new_string($0) }  // floating
      let value = entry.value.withCString { g_variant_new_string($0) }  // floating
      return g_variant_new_dict_entry(key, value)  // floating, consumes both
    }
    return g_variant_new_array(variantType("{ss}"), &entries, gsize(entries.count))  // transfer floating
  }

  /// An `a{sv}` of D-Bus properties (values floating, consumed). Returns: (transfer floating).
  package static func properties(_ properties: [(name: String, value: OpaquePointer)]) -> OpaquePointer {
    var entries: [OpaquePointer?] = properties.map { property in
      g_variant_new_dict_entry(g_variant_new_string(property.name), g_variant_new_variant(property.value))
    }
    return g_variant_new_array(variantType("{sv}"), &entries, gsize(entries.count))
  }
}

/// A GVariant type from a static string. Returns: (transfer none) the type, which is the string itself.
package func variantType(_ type: StaticString) -> OpaquePointer? {
  type.utf8Start.withMemoryRebound(to: CChar.self, capacity: type.utf8CodeUnitCount + 1) { ssc_variant_type($0) }
}
