import Foundation
import Testing

@testable import KeychainFiles
@testable import Security

/// The preferences file's format: macOS's three states of the search list and the default, parsed as Apple parses
/// its plist (never failing, dropping what does not parse).
@Suite("keychain preferences format")
struct KeychainPreferencesTests {
  private func parse(_ text: String) -> KeychainPreferences { KeychainPreferences.parse(Array(text.utf8)) }
  private let header = KeychainPreferences.header + "\n"

  @Test("no file and an empty file are nothing set")
  func empty() {
    #expect(parse("") == KeychainPreferences())
    #expect(parse("").isEmpty)
  }

  @Test("a file without the header is nothing set")
  func wrongHeader() {
    #expect(parse("swift-keychain-linux keychains 2\nsearch\t/a\n") == KeychainPreferences())
    #expect(parse("search\t/a\n") == KeychainPreferences())
  }

  @Test("search lines make the list, in order")
  func searchOrder() {
    #expect(parse(header + "search\t/b\nsearch\t/a\n").searchList == ["/b", "/a"])
  }

  @Test("search-empty alone is an empty list, which differs from no list")
  func explicitlyEmpty() {
    let empty = parse(header + "search-empty\n")
    #expect(empty.searchList == [])
    #expect(parse(header).searchList == nil)
  }

  @Test("default-none is no default, which differs from a default never set")
  func defaultNone() {
    #expect(parse(header + "default-none\n").defaultKeychain == .some(nil))
    #expect(parse(header).defaultKeychain == nil)
  }

  @Test("the first default line counts")
  func firstDefault() {
    #expect(parse(header + "default\t/a\ndefault\t/b\n").defaultKeychain == .some("/a"))
    #expect(parse(header + "default-none\ndefault\t/b\n").defaultKeychain == .some(nil))
  }

  @Test(
    "a line that does not parse is ignored",
    arguments: [
      "search\trelative", "search\t", "search", "default\tno-slash", "unknown\t/a", "search-empty\t/a",
      "search\t/a\rb", "default-none\t/a",
    ])
  func ignoredLine(line: String) {
    let parsed = parse(header + line + "\nsearch\t/kept\n")
    #expect(parsed.searchList == ["/kept"])
    #expect(parsed.defaultKeychain == nil)
  }

  @Test("a value that is not UTF-8 is ignored")
  func notUTF8() {
    let bytes = Array((header + "search\t/").utf8) + [0xFF, 0x0A] + Array("search\t/kept\n".utf8)
    #expect(KeychainPreferences.parse(bytes).searchList == ["/kept"])
  }

  @Test("a last line without its newline still counts")
  func unterminatedLastLine() {
    #expect(parse(header + "search\t/a").searchList == ["/a"])
  }

  @Test("a tab inside a path is part of the path")
  func tabInPath() {
    #expect(parse(header + "search\t/a\tb\n").searchList == ["/a\tb"])
  }

  @Test(
    "every state is written so that it reads back the same",
    arguments: [
      KeychainPreferences(),
      KeychainPreferences(searchList: []),
      KeychainPreferences(searchList: ["/a", "/org/freedesktop/secrets/collection/login", "/a"]),
      KeychainPreferences(defaultKeychain: .some(nil)),
      KeychainPreferences(searchList: ["/x y/é"], defaultKeychain: .some("/x y/é")),
    ])
  func roundTrip(preferences: KeychainPreferences) {
    #expect(KeychainPreferences.parse(preferences.serialized()) == preferences)
  }

  @Test("the written file starts with the header and lists the default first")
  func writtenForm() {
    let text = String(
      decoding: KeychainPreferences(searchList: ["/s"], defaultKeychain: .some("/d")).serialized(), as: UTF8.self)
    #expect(text == header + "default\t/d\nsearch\t/s\n")
  }
}
