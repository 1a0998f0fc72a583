/// Argument checks made before anything is sent: GDBus and libsecret only log criticals for bad input (an object
/// path that is not one, a NUL in a string) and fail without an error.
enum Validation {
  /// A string sent over D-Bus must not contain NUL (Swift strings are valid UTF-8 already).
  static func text(_ value: String, _ what: String, call: String) throws(SecretServiceError) {
    // Over the contiguous UTF-8 where there is one (every native string): a plain loop, not the generic
    // `Sequence.contains` over the UTF-8 view (~400 instructions a string, 16 strings a lookup's search).
    if value.utf8.withContiguousStorageIfAvailable({ $0.contains(0) }) ?? value.utf8.contains(0) {
      throw SecretServiceError(cause: .invalidArgument, call: call, message: "\(what) contains a NUL character")
    }
  }

  static func attributes(_ attributes: [String: String], call: String) throws(SecretServiceError) {
    for (name, value) in attributes {
      try text(name, "an attribute name", call: call)
      try text(value, "the value of an attribute", call: call)
    }
  }

  static func path(_ path: ObjectPath, call: String) throws(SecretServiceError) {
    if !path.isValid {
      throw SecretServiceError(
        cause: .invalidArgument, call: call, message: "not a D-Bus object path (\(path.rawValue.utf8.count) bytes)")
    }
  }

  static func paths(_ paths: [ObjectPath], call: String) throws(SecretServiceError) {
    for path in paths { try Validation.path(path, call: call) }
  }
}
