import CLibSecret
import CLibSecretShims
import Foundation

/// GVariant types used here (`G_VARIANT_TYPE`), built from static strings that outlive them.
enum VariantType {
  nonisolated(unsafe) static let getAllReply = make("(a{sv})")
  nonisolated(unsafe) static let getReply = make("(v)")
  nonisolated(unsafe) static let unitReply = make("()")
  nonisolated(unsafe) static let getSecretsReply = make("(a{o(oayays)})")

  private static func make(_ type: StaticString) -> OpaquePointer? {
    // transfer none: the type is the static string itself
    type.utf8Start.withMemoryRebound(to: CChar.self, capacity: type.utf8CodeUnitCount + 1) { ssc_variant_type($0) }
  }
}

/// Reading GVariants. Every function takes borrowed (transfer none) variants and releases what it creates.
enum Variant {
  /// The type string of `variant`, e.g. `a{ss}`.
  static func typeString(_ variant: OpaquePointer) -> String {
    String(cString: g_variant_get_type_string(variant))  // transfer none
  }

  /// Child `index` of a container. Returns: (transfer full).
  static func child(_ variant: OpaquePointer, _ index: Int) -> OpaquePointer {
    g_variant_get_child_value(variant, gsize(index))  // transfer full
  }

  /// The value of `key` in an `a{sv}` dictionary, unboxed. Returns: (transfer full) (nullable).
  static func lookup(_ dictionary: OpaquePointer, _ key: String) -> OpaquePointer? {
    g_variant_lookup_value(dictionary, key, nil)  // transfer full
  }

  static func string(_ variant: OpaquePointer) -> String? {
    let type = typeString(variant)
    guard type == "s" || type == "o" else { return nil }
    return String(cString: g_variant_get_string(variant, nil))  // transfer none
  }

  static func bool(_ variant: OpaquePointer) -> Bool? {
    guard typeString(variant) == "b" else { return nil }
    return g_variant_get_boolean(variant) != 0  // transfer none
  }

  static func uint64(_ variant: OpaquePointer) -> UInt64? {
    guard typeString(variant) == "t" else { return nil }
    return UInt64(g_variant_get_uint64(variant))
  }

  /// An `a{ss}` as a dictionary.
  static func stringDictionary(_ variant: OpaquePointer) -> [String: String]? {
    guard typeString(variant) == "a{ss}" else { return nil }
    var result: [String: String] = [:]
    let count = Int(g_variant_n_children(variant))
    for index in 0..<count {
      let entry = child(variant, index)
      let key = child(entry, 0)
      let value = child(entry, 1)
      // transfer none (the strings belong to the children)
      result[String(cString: g_variant_get_string(key, nil))] = String(cString: g_variant_get_string(value, nil))
      g_variant_unref(value)  // children: transfer full
      g_variant_unref(key)
      g_variant_unref(entry)
    }
    return result
  }

  /// An `ao` (or `as`) as strings.
  static func stringArray(_ variant: OpaquePointer) -> [String]? {
    let type = typeString(variant)
    guard type == "ao" || type == "as" else { return nil }
    var result: [String] = []
    let count = Int(g_variant_n_children(variant))
    for index in 0..<count {
      let element = child(variant, index)
      result.append(String(cString: g_variant_get_string(element, nil)))  // transfer none
      g_variant_unref(element)  // the child (transfer full)
    }
    return result
  }

  /// An `a{ss}` built from `dictionary`. Returns: (transfer floating).
  static func newStringDictionary(_ dictionary: [String: String]) -> OpaquePointer {
    let keys = Array(dictionary.keys)
    let values = keys.map { dictionary[$0]! }
    return withCStringArray(keys) { keyArray in
      withCStringArray(values) { valueArray in
        ssc_variant_new_string_dict(keyArray, valueArray, gsize(keys.count))  // transfer floating
      }
    }
  }
}
