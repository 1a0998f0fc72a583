import Testing

@testable import FreedesktopServices

@Suite("ObjectPath")
struct ObjectPathTests {
  @Test(
    "D-Bus object paths are valid",
    arguments: ["/", "/org/freedesktop/secrets/collection/login/1", "/a_B/9"])
  func valid(path: String) {
    #expect(ObjectPath(path).isValid)
  }

  @Test(
    "malformed object paths are invalid",
    arguments: ["", "org/x", "/org/", "//a", "/a//b", "/a-b", "/a b", "/a\u{0}b", "/é"])
  func invalid(path: String) {
    #expect(!ObjectPath(path).isValid)
  }

  @Test("paths order and compare by their raw value")
  func ordering() {
    #expect(ObjectPath("/a/1") < ObjectPath("/a/2"))
    #expect(ObjectPath(rawValue: "/a") == ObjectPath("/a"))
    #expect(ObjectPath("/a").description == "/a")
  }

  @Test(
    "an item's collection is its first five elements; a collection or a shorter path is its own",
    arguments: [
      ("/org/freedesktop/secrets/collection/login/12", "/org/freedesktop/secrets/collection/login"),
      ("/org/freedesktop/secrets/collection/login", "/org/freedesktop/secrets/collection/login"),
      ("/org/freedesktop/secrets/aliases/default/3", "/org/freedesktop/secrets/aliases/default"),
      ("/org/freedesktop/secrets/collection/a/b/c", "/org/freedesktop/secrets/collection/a"),
      ("/a/b", "/a/b"),
      ("//org/freedesktop/secrets/collection/login/1", "/org/freedesktop/secrets/collection/login"),
      ("/org/freedesktop/secrets/collection/login/", "/org/freedesktop/secrets/collection/login/"),
    ])
  func collection(path: String, collection: String) {
    #expect(ObjectPath(path).collection == ObjectPath(collection))
  }
}
