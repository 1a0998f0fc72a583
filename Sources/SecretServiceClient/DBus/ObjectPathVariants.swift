internal import CLibSecret
import GLibValues

extension VariantBuilder {
  /// An `o` (the path must be valid: `Validation` checks every path first). Returns: (transfer floating).
  static func objectPath(_ path: ObjectPath) -> OpaquePointer { g_variant_new_object_path(path.rawValue) }

  /// An `ao`. Returns: (transfer floating).
  static func objectPaths(_ paths: [ObjectPath]) -> OpaquePointer {
    var elements: [OpaquePointer?] = paths.map { g_variant_new_object_path($0.rawValue) }  // floating, consumed
    return g_variant_new_array(variantType("o"), &elements, gsize(elements.count))
  }
}
