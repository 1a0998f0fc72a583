import Foundation

/// libsecret's own API with a schema whose name it matches (`secret_password_lookup_sync`, `…_store_sync`,
/// `…_clear_sync` through PyGObject, `gir1.2-secret-1`): the search carries `xdg:schema=<name>` besides the
/// attributes, as node-keytar's and Python keyring's libsecret backend (`org.freedesktop.Secret.Generic`) and GVFS's
/// and git 2.39's (`SECRET_SCHEMA_COMPAT_NETWORK`, `org.gnome.keyring.NetworkPassword`) do. On a keychain file it uses
/// libsecret's file backend on the keychain (`KeyringBackend.keychainFileClientVariables`).
public enum LibsecretSchemaClient {
  /// node-keytar's and Python keyring's libsecret schema: `service`, `account` or `username`.
  public static let generic = "org.freedesktop.Secret.Generic"
  /// libsecret's `SECRET_SCHEMA_COMPAT_NETWORK`.
  public static let network = "org.gnome.keyring.NetworkPassword"

  /// The schema's attribute types, as libsecret defines them (`port` is an integer in the network schema).
  private static func schemaExpression(_ name: String, _ attributes: [String: String]) -> String {
    let types = attributes.keys.sorted().map { key in
      let type = name == network && key == "port" ? "INTEGER" : "STRING"
      return "'\(key)': Secret.SchemaAttributeType.\(type)"
    }
    return "Secret.Schema.new('\(name)', Secret.SchemaFlags.NONE, {\(types.joined(separator: ", "))})"
  }

  private static func literal(_ attributes: [String: String]) -> String {
    "{" + attributes.sorted { $0.key < $1.key }.map { "'\($0.key)': '\($0.value)'" }.joined(separator: ", ") + "}"
  }

  private static let prelude = "import gi, sys; gi.require_version('Secret', '1'); from gi.repository import Secret; "

  /// `secret_password_lookup_sync(schema, attributes)`: the password printed, or nothing (exit 0) when none.
  public static func lookup(schema: String, _ attributes: [String: String], expecting: String? = nil) throws
    -> CommandResult
  {
    let script =
      prelude
      + "v = Secret.password_lookup_sync(\(schemaExpression(schema, attributes)), \(literal(attributes)), None); "
      + "sys.stdout.write(v or '')"
    return try ExternalCommand.run(
      ExternalCommand.python3, ["-c", script], environment: KeyringBackend.keychainFileClientVariables,
      accept: expecting.map { expected in { $0.output == expected } })
  }

  /// `secret_password_store_sync(schema, attributes, default collection, label, password)`.
  public static func store(schema: String, _ attributes: [String: String], label: String, password: String) throws
    -> CommandResult
  {
    let script =
      prelude + "ok = Secret.password_store_sync(\(schemaExpression(schema, attributes)), \(literal(attributes)), "
      + "Secret.COLLECTION_DEFAULT, '\(label)', '\(password)', None); sys.exit(0 if ok else 1)"
    return try ExternalCommand.run(
      ExternalCommand.python3, ["-c", script], environment: KeyringBackend.keychainFileClientVariables)
  }
}
