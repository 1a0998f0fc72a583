internal import CLibSecret
import GLibValues

/// Object paths as GVariants, both ways: replies are read into `ObjectPath`s where they are decoded, and never pass
/// through plain strings.
extension VariantBuilder {
  /// An `o` (the path must be valid: `Validation` checks every path that did not come from the bus). Returns:
  /// (transfer floating).
  static func objectPath(_ path: ObjectPath) -> OpaquePointer { g_variant_new_object_path(path.rawValue) }

  /// An `ao`. Returns: (transfer floating).
  static func objectPaths(_ paths: [ObjectPath]) -> OpaquePointer {
    var elements: [OpaquePointer?] = paths.map(objectPath)  // floating, consumed by the array
    return g_variant_new_array(variantType("o"), &elements, gsize(elements.count))
  }
}

extension OwnedVariant {
  /// An `o`; nil for any other type (an `s` holding a path included).
  var objectPath: ObjectPath? {
    guard typeString == "o" else { return nil }
    return withPointer { ObjectPath(String(cString: g_variant_get_string($0, nil))) }  // transfer none
  }

  /// An `ao`; nil for any other type (an `as` included).
  var objectPaths: [ObjectPath]? {
    guard typeString == "ao" else { return nil }
    var paths: [ObjectPath] = []
    paths.reserveCapacity(childCount)
    for index in 0..<childCount {
      guard let path = child(index).objectPath else { return nil }
      paths.append(path)
    }
    return paths
  }
}
