import Foundation

// What descriptions of items, queries and changes show: attributes, and a secret's size, never its bytes.

/// How descriptions and mirrors show a secret: its size, never its bytes.
struct RedactedSecret: CustomStringConvertible, CustomReflectable, Sendable {
  let count: Int
  var description: String { "<\(count) bytes>" }
  var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// The secret as descriptions show it.
func redacted(_ secret: Data) -> RedactedSecret { RedactedSecret(count: secret.count) }

/// `name: value` pairs of the fields that are not nil, strings quoted.
func describe(_ fields: [(String, Any?)]) -> String {
  fields.compactMap { name, value in
    switch value {
    case nil: nil
    case let string as String: "\(name): \"\(string)\""
    case let value?: "\(name): \(value)"
    }
  }.joined(separator: ", ")
}

/// A mirror with the fields that are not nil (the secret already redacted by the caller).
func redactedMirror(_ subject: Any, _ fields: [(String, Any?)]) -> Mirror {
  Mirror(
    subject, children: fields.compactMap { name, value in value.map { (label: name, value: $0) } },
    displayStyle: .struct)
}
