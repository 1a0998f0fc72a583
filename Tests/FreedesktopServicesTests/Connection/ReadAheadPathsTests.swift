import Testing

@testable import FreedesktopServices

/// What `ReadAheadPaths` keeps of a handle's searches, and its bounds.
@Suite("Read-ahead paths")
struct ReadAheadPathsTests {
  let first = ObjectPath("/org/freedesktop/secrets/collection/login/1")
  let second = ObjectPath("/org/freedesktop/secrets/collection/login/2")

  @Test("the item a search found is given for the same attributes, nothing for others")
  func remembered() {
    let paths = ReadAheadPaths()
    paths.remember([first], for: .init(of: ["service": "s"]))
    #expect(paths.path(for: .init(of: ["service": "s"])) == first)
    #expect(paths.path(for: .init(of: ["service": "t"])) == nil)
  }

  @Test("a search that found nothing forgets what the attributes found before")
  func forgottenWhenNothingFound() {
    let paths = ReadAheadPaths()
    paths.remember([first], for: .init(of: ["service": "s"]))
    paths.remember([], for: .init(of: ["service": "s"]))
    #expect(paths.path(for: .init(of: ["service": "s"])) == nil)
  }

  @Test("a search that found several items is forgotten: they are read to be ordered, not ahead")
  func forgottenWhenSeveral() {
    let paths = ReadAheadPaths()
    paths.remember([first], for: .init(of: ["service": "s"]))
    paths.remember([first, second], for: .init(of: ["service": "s"]))
    #expect(paths.path(for: .init(of: ["service": "s"])) == nil)
  }

  @Test("at its capacity a new set replaces one set kept, and the others stay")
  func bounded() {
    let paths = ReadAheadPaths()
    let sets = (0..<ReadAheadPaths.capacity).map { AttributeSetHash(of: ["service": "\($0)"]) }
    for set in sets { paths.remember([first], for: set) }
    paths.remember([second], for: sets[0])  // a set already kept replaces nothing
    #expect(sets.filter { paths.path(for: $0) != nil }.count == ReadAheadPaths.capacity)
    paths.remember([first], for: .init(of: ["service": "new"]))
    #expect(paths.path(for: .init(of: ["service": "new"])) == first)
    #expect(sets.filter { paths.path(for: $0) != nil }.count == ReadAheadPaths.capacity - 1)
  }
}
