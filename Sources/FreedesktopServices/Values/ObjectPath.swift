/// A D-Bus object path, e.g. of an item (`/org/freedesktop/secrets/collection/login/1`), a collection, a prompt or a
/// session. The wrapper's calls address objects by it and read the `o` and `ao` of replies into it
/// (`OwnedVariant.objectPath`, `.objectPaths`), so a path never travels as a plain string.
///
/// Any string can be wrapped; operations check the syntax (`isValid`) of paths they are given before calling D-Bus
/// and fail with `.invalidArgument` otherwise (paths read from replies are valid: GDBus checks them).
package struct ObjectPath: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
  package var rawValue: String

  package init(rawValue: String) {
    self.rawValue = rawValue
  }

  package init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Whether `rawValue` is a D-Bus object path: `/`, or `/`-separated non-empty elements of `[A-Za-z0-9_]`.
  package var isValid: Bool {
    let bytes = Array(rawValue.utf8)
    guard bytes.first == UInt8(ascii: "/") else { return false }
    if bytes.count == 1 { return true }
    guard bytes.last != UInt8(ascii: "/") else { return false }
    var previousWasSlash = false
    for byte in bytes {
      if byte == UInt8(ascii: "/") {
        if previousWasSlash { return false }
        previousWasSlash = true
        continue
      }
      previousWasSlash = false
      let ok =
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
      if !ok { return false }
    }
    return true
  }

  package static func < (lhs: ObjectPath, rhs: ObjectPath) -> Bool { lhs.rawValue < rhs.rawValue }

  package var description: String { rawValue }
}

extension ObjectPath {
  /// The collection this path names or belongs to: its first five elements
  /// (`/org/freedesktop/secrets/collection/<c>` or `/org/freedesktop/secrets/aliases/<a>`), the path itself when it
  /// is shorter.
  package var collection: ObjectPath {
    // The usual case without splitting (it runs for every candidate of a search): a path that starts with `/`,
    // has no empty element before its sixth `/`, and goes on after it.
    let utf8 = rawValue.utf8
    if utf8.first == UInt8(ascii: "/") {
      var slashes = 0
      var previousWasSlash = false
      var index = utf8.startIndex
      while index != utf8.endIndex {
        let isSlash = utf8[index] == UInt8(ascii: "/")
        if isSlash && previousWasSlash { break }
        if isSlash {
          slashes += 1
          if slashes == 6 {
            let next = utf8.index(after: index)
            guard next != utf8.endIndex, utf8[next] != UInt8(ascii: "/") else { break }
            return ObjectPath(String(rawValue[..<index]))
          }
        }
        previousWasSlash = isSlash
        index = utf8.index(after: index)
      }
    }
    let elements = rawValue.split(separator: "/")
    guard elements.count > 5 else { return self }
    return ObjectPath("/" + elements.prefix(5).joined(separator: "/"))
  }

  /// `/`, which the Secret Service answers for "no object": no prompt needed, an alias that is not set, no session.
  static let noObject = ObjectPath("/")

  /// The Secret Service interface of the object: a collection's, or an item's below one.
  var interface: String { collection == self ? CollectionInterface.name : ItemInterface.name }
}

extension ObjectPath: ExpressibleByStringLiteral {
  package init(stringLiteral value: String) {
    self.init(value)
  }
}
