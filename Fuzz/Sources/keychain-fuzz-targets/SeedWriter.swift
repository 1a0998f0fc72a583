import Foundation
import KeychainServices

@testable import FreedesktopServices
@testable import Security

/// Writes seed inputs for the targets whose inputs can be made from known items (`KEYCHAIN_FUZZ_WRITE_SEEDS=<dir>`):
/// stored items as this package writes them (each class, with the fixture key and certificate as secrets) and as
/// other clients write them, and the persistent references of those items; and the libFuzzer dictionaries of those
/// two targets, from the class tables (every stored attribute name, schema and marker); and the keyring-file seeds made
/// from real keyring files (`KeyringFileSeeds`). The query parser's seeds come from a short fuzzing run instead (its
/// inputs are choices, not readable data); key and certificate material from `Fuzz/Corpus/make-material-seeds.py`.
enum SeedWriter {
  static func write(to directory: URL) throws {
    var items: [(name: String, label: String, attributes: [String: String], secret: Data)] = []
    for (name, dictionary) in ownItems {
      let query = try QueryParser.parse(dictionary as NSDictionary, for: .add)
      var attributes = [ReservedNames.schema: query.itemClass.schemaName, InsertionOrder.attribute: "00000001"]
      var values = query.attributes
      values[RawKey.accessGroup] = values[RawKey.accessGroup] ?? .string("fuzz.group")
      values[RawKey.synchronizable] = values[RawKey.synchronizable] ?? .boolean(false)
      for (key, value) in values {
        guard let descriptor = query.itemClass.descriptor(key) else { continue }
        attributes.merge(AttributeCodec.encode(value, descriptor)) { _, new in new }
      }
      let label = values[RawKey.label]?.stringValue ?? query.itemClass.defaultLabel(for: values)
      items.append((name, label, attributes, query.secret ?? secret(of: dictionary)))
    }
    items += foreignItems

    let storedItems = directory.appendingPathComponent(FuzzTarget.storedItem.rawValue)
    let references = directory.appendingPathComponent(FuzzTarget.persistentReference.rawValue)
    for folder in [storedItems, references] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    for item in items {
      var text = item.label + "\n"
      for (name, value) in item.attributes.sorted(by: { $0.key < $1.key }) { text += "\(name)=\(value)\n" }
      try (Data((text + "\n").utf8) + item.secret).write(to: storedItems.appendingPathComponent(item.name))
      let properties = ItemProperties(
        attributes: item.attributes, label: item.label, created: Date(timeIntervalSince1970: 1_700_000_000),
        modified: Date(timeIntervalSince1970: 1_700_000_000))
      if let stored = StoredItem(id: ItemFixture.item, properties) {
        try stored.locator.persistentReference.write(to: references.appendingPathComponent(item.name))
      }
    }
    let version1 = Data(("SKLPR1genp" + ItemFixture.itemPath).utf8)
    try version1.write(to: references.appendingPathComponent("version-1"))
    try dictionary(storedItemTokens, "stored-item")
      .write(to: directory.appendingPathComponent("\(FuzzTarget.storedItem.rawValue).dict"))
    try dictionary(referenceTokens, "persistent-reference")
      .write(to: directory.appendingPathComponent("\(FuzzTarget.persistentReference.rawValue).dict"))
    try KeyringFileSeeds.write(to: directory)
  }

  /// The names and values stored items are made of.
  static var storedItemTokens: [String] {
    var tokens: Set<String> = [
      ReservedNames.schema + "=", ReservedNames.dataAsUTF8, ReservedNames.dataAsBase64,
      ReservedNames.networkPasswordSchema, ReservedNames.gitPasswordSchema, InsertionOrder.attribute + "=",
    ]
    for itemClass in ItemClasses.queryable {
      tokens.insert(itemClass.schemaName)
      for descriptor in itemClass.attributes.values {
        for name in AttributeCodec.occupiedNames(descriptor) { tokens.insert(name + "=") }
      }
    }
    return tokens.sorted()
  }

  /// The pieces persistent references are made of.
  static var referenceTokens: [String] {
    [
      "SKLPR1", "SKLPR2", "SKLPR3", ItemFixture.collection + "/", "\n", "{", "}", "\":\"", ReservedNames.schema,
      #""collection":"#, #""file":"#, #""name":"#, #""created":"#, #""attributes":"#,
    ]
      + ItemClasses.queryable.map(\.code)
  }

  /// A libFuzzer dictionary file of `tokens`.
  static func dictionary(_ tokens: [String], _ target: String) -> Data {
    var text = "# libFuzzer dictionary of the \(target) target, written by `Fuzz/run-libfuzzer seeds`.\n"
    for token in tokens {
      var escaped = ""
      for byte in token.utf8 {
        if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte > 0x7E {
          escaped += "\\x" + String(byte, radix: 16).leftPadded(2)
        } else {
          escaped += String(UnicodeScalar(byte))
        }
      }
      text += "\"\(escaped)\"\n"
    }
    return Data(text.utf8)
  }

  /// SecItemAdd dictionaries of every stored class (`nonisolated(unsafe)`: never changed).
  nonisolated(unsafe) static let ownItems: [(String, [String: Any])] = [
    (
      "generic-password",
      [
        kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "fuzz.service",
        kSecAttrAccount as String: "alice", kSecAttrGeneric as String: Data([0, 1, 2, 0xFF]),
        kSecAttrComment as String: "a comment", kSecAttrCreator as String: 0x6675_7A7A,
        kSecValueData as String: Data("password".utf8),
      ]
    ),
    (
      "generic-password-data-account",
      [
        kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "fuzz.service",
        kSecAttrAccount as String: Data([0xC3, 0x28]), kSecAttrSynchronizable as String: true,
        kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock, kSecValueData as String: Data(),
      ]
    ),
    (
      "internet-password",
      [
        kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: "example.com",
        kSecAttrAccount as String: "bob", kSecAttrProtocol as String: kSecAttrProtocolHTTPS,
        kSecAttrPort as String: 443, kSecAttrPath as String: "/login",
        kSecAttrAuthenticationType as String: kSecAttrAuthenticationTypeHTMLForm,
        kSecAttrSecurityDomain as String: "realm", kSecValueData as String: Data("secret".utf8),
      ]
    ),
    (
      "private-key",
      [
        kSecClass as String: kSecClassKey, kSecValueRef as String: FuzzFixtures.privateKey,
        kSecAttrApplicationTag as String: Data("fuzz.tag".utf8), kSecAttrLabel as String: "fuzz key",
      ]
    ),
    (
      "public-key",
      [kSecClass as String: kSecClassKey, kSecValueRef as String: SecKeyCopyPublicKey(FuzzFixtures.privateKey)!]
    ),
    (
      "certificate",
      [
        kSecClass as String: kSecClassCertificate, kSecValueRef as String: FuzzFixtures.certificate,
        kSecAttrLabel as String: "fuzz certificate",
      ]
    ),
  ]

  /// The secret SecItemAdd stores for a dictionary naming a key or certificate by reference.
  static func secret(of dictionary: [String: Any]) -> Data {
    switch dictionary[kSecValueRef as String] {
    case let key as SecKey: (SecKeyCopyExternalRepresentation(key, nil) as Data?) ?? Data()
    case let certificate as SecCertificate: SecCertificateCopyData(certificate) as Data
    default: Data()
    }
  }

  /// Items as other Secret Service clients write them (docs: interop conventions).
  static let foreignItems: [(name: String, label: String, attributes: [String: String], secret: Data)] = [
    (
      "python-keyring", "Password for 'bob' on 'svc'",
      ["service": "svc", "username": "bob", "application": "Python keyring library"], Data("pw".utf8)
    ),
    ("secret-tool", "a label", ["foo": "bar"], Data("pw".utf8)),
    (
      "network-password", "bob@example.com",
      [
        "xdg:schema": "org.gnome.keyring.NetworkPassword", "user": "bob", "server": "example.com",
        "protocol": "https", "port": "443", "domain": "realm", "object": "/path", "authtype": "basic",
      ], Data("pw".utf8)
    ),
    (
      "git-credential", "Git: https://github.com/",
      ["xdg:schema": "org.git.Password", "user": "me", "protocol": "https", "server": "github.com"], Data("tok".utf8)
    ),
    (
      "node-keytar", "svc/acct", ["xdg:schema": "org.freedesktop.Secret.Generic", "service": "svc", "account": "acct"],
      Data()
    ),
    ("keepassxc", "Title", ["Title": "Title", "UserName": "u", "URL": "https://x", "Notes": "n"], Data("pw".utf8)),
    (
      "forged-key", "forged",
      [
        "xdg:schema": "org.swift-keychain-linux.Key", "keychain:kcls": "1", "keychain:type": "73",
        "keychain:bsiz": "256", "keychain:klbl": "zz", "keychain:atag": "", "keychain:enc:atag": "base64",
      ], Data([4, 1, 2, 3])
    ),
  ]
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
