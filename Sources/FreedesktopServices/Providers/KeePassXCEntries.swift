import Foundation

/// Entries made in KeePassXC itself (its window, `keepassxc-cli add`, a browser extension) as Secret Service items.
///
/// Such an entry has no attributes of a Secret Service client, only KeePassXC's fields: `Title` (the label),
/// `UserName`, `URL`, `Notes` and the password (the secret). The bridge shows it under the names Secret Service
/// clients use, so that the user's existing logins are found:
/// - with a `URL` that has a host: libsecret's network-password names (`org.gnome.keyring.NetworkPassword`):
///   `server` (the host), `protocol` (the scheme), `port`, `object` (the path, when not `/`) and `user` (`UserName`);
/// - otherwise, with a `UserName`: `service` (the title) and `account` (`UserName`).
/// A name the entry carries as an attribute of its own is never replaced. Items of Secret Service clients have empty
/// fields (or an `xdg:schema`) and are shown as they are.
///
/// Searches: KeePassXC cannot match these names, so a search for them is also sent as a search of the fields
/// (`UserName`, `Title`; KeePassXC compares those exactly), or, when nothing of it is left (a host alone), as a
/// listing of every item; the caller's own comparison then decides on the names above. Writes: a derived name sent
/// back unchanged is left out (it is no attribute of the entry); a changed one becomes an attribute of the entry,
/// which from then on wins over the field.
enum KeePassXCEntries {
  /// The names derived from an entry's URL and user name.
  static let networkNames: Set<String> = ["server", "protocol", "port", "object", "user"]
  /// The names derived from an entry's title and user name when it has no URL.
  static let genericNames: Set<String> = ["service", "account"]
  /// Names whose search is sent as a search of `UserName` (every client's name for the account).
  static let accountNames: Set<String> = ["user", "account", "username"]

  /// The attributes `attributes` (as KeePassXC reports them, its fields included) gain from the entry's fields.
  static func derived(_ attributes: [String: String]) -> [String: String] {
    guard attributes["xdg:schema"] == nil else { return [:] }
    let user = attributes["UserName"] ?? ""
    var derived: [String: String] = [:]
    if let url = attributes["URL"], let parts = components(url) {
      derived["server"] = parts.host
      derived["protocol"] = parts.scheme
      derived["port"] = parts.port
      derived["object"] = parts.path
      if !user.isEmpty { derived["user"] = user }
    } else if !user.isEmpty {
      derived["account"] = user
      if let title = attributes["Title"], !title.isEmpty { derived["service"] = title }
    }
    return derived.filter { attributes[$0.key] == nil }
  }

  /// Host, lower-case scheme, port and path of an entry URL; nil without a host. A URL typed without a scheme
  /// (`example.com/login`) gives its host and path.
  static func components(_ url: String) -> (host: String, scheme: String?, port: String?, path: String?)? {
    let trimmed = url.trimmingCharacters(in: .whitespaces)
    guard var parsed = URLComponents(string: trimmed) else { return nil }
    if parsed.host == nil, parsed.scheme == nil, let again = URLComponents(string: "//" + trimmed) { parsed = again }
    guard let host = parsed.host, !host.isEmpty else { return nil }
    let path = parsed.path.isEmpty || parsed.path == "/" ? nil : parsed.path
    return (host, parsed.scheme?.lowercased(), parsed.port.map(String.init), path)
  }

  /// The search of the fields that finds the entries a search for `query` matches through derived names; nil when
  /// `query` names none (or is one of this package's, which always carry `xdg:schema`). `[:]` means every item.
  static func fieldSearch(for query: [String: String]) -> [String: String]? {
    guard query["xdg:schema"] == nil,
      query.keys.contains(where: { networkNames.contains($0) || genericNames.contains($0) || accountNames.contains($0) }
      )
    else { return nil }
    var search = query.filter { !networkNames.contains($0.key) && !genericNames.contains($0.key) }
    search["username"] = nil
    if let user = accountNames.sorted().lazy.compactMap({ query[$0] }).first { search["UserName"] = user }
    if let service = query["service"] { search["Title"] = service }
    return search
  }
}
