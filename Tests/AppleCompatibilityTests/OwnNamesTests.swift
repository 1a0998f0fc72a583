import Foundation
import Security
import Testing

// A file that imports Security and declares names an app or wrapper commonly has, all used unqualified below:
// `import Security` brings Apple's names only, so none of these is ambiguous (KeychainServices' Swift-native API
// uses several of them, and is not visible through `import Security`).

enum KeychainError: Error, Equatable {
  case status(OSStatus)
}

struct KeychainItem: Equatable {
  let account: String
  let secret: Data
}

struct Query {
  let service: String
  var dictionary: [String: Any] { [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service] }
}

struct GenericPassword {
  let account: String
}

struct InternetPassword {
  let server: String
}

final class Keychain {
  let query: Query

  init(service: String) { query = Query(service: service) }

  func items() throws(KeychainError) -> [KeychainItem] {
    var result: CFTypeRef?
    var search = query.dictionary
    search[kSecMatchLimit as String] = kSecMatchLimitAll
    search[kSecReturnAttributes as String] = true
    let status = SecItemCopyMatching(search as CFDictionary, &result)
    guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainError.status(status) }
    return []
  }
}

@Suite("Apple compatibility: import Security leaves an app's own names alone")
struct OwnNamesTests {
  @Test(
    "an app's own KeychainError, Keychain, KeychainItem, GenericPassword, InternetPassword and Query are used unqualified"
  )
  func ownNames() {
    let keychain = Keychain(service: "own-names")
    let error = KeychainError.status(errSecParam)
    let item = KeychainItem(account: GenericPassword(account: "a").account, secret: Data())
    #expect(keychain.query.service == "own-names")
    #expect(error == KeychainError.status(-50))
    #expect(item.account == "a")
    #expect(InternetPassword(server: "example.com").server == "example.com")
    #expect(keychain.query.dictionary[kSecClass as String] as? String == "genp")
  }
}
