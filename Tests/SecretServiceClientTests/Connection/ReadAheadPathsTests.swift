import Testing

@testable import SecretServiceClient

/// What `ReadAheadPaths` keeps of a handle's searches, and its bounds.
@Suite("Read-ahead paths")
struct ReadAheadPathsTests {
  let one = [ObjectPath("/org/freedesktop/secrets/collection/login/1")]

  @Test("the paths a search found are given for the same attributes, nothing for others")
  func remembered() {
    let paths = ReadAheadPaths()
    paths.remember(one, for: ["service": "s"])
    #expect(paths.paths(for: ["service": "s"]) == one)
    #expect(paths.paths(for: ["service": "t"]).isEmpty)
  }

  @Test("a search that found nothing forgets what the attributes found before")
  func forgottenWhenNothingFound() {
    let paths = ReadAheadPaths()
    paths.remember(one, for: ["service": "s"])
    paths.remember([], for: ["service": "s"])
    #expect(paths.paths(for: ["service": "s"]).isEmpty)
  }

  @Test("a search that found more items than are read ahead is forgotten")
  func forgottenWhenTooMany() {
    let paths = ReadAheadPaths()
    let many = (0...ReadAheadPaths.maximumItems).map { ObjectPath("/org/freedesktop/secrets/collection/login/\($0)") }
    paths.remember(one, for: ["service": "s"])
    paths.remember(many, for: ["service": "s"])
    #expect(paths.paths(for: ["service": "s"]).isEmpty)
    paths.remember(Array(many.prefix(ReadAheadPaths.maximumItems)), for: ["service": "s"])
    #expect(paths.paths(for: ["service": "s"]).count == ReadAheadPaths.maximumItems)
  }

  @Test("past its capacity the table starts again empty, keeping the new search")
  func bounded() {
    let paths = ReadAheadPaths()
    for index in 0..<ReadAheadPaths.capacity { paths.remember(one, for: ["service": "\(index)"]) }
    #expect(paths.paths(for: ["service": "0"]) == one)
    paths.remember(one, for: ["service": "0"])  // a set already kept does not empty the table
    #expect(paths.paths(for: ["service": "1"]) == one)
    paths.remember(one, for: ["service": "new"])
    #expect(paths.paths(for: ["service": "0"]).isEmpty)
    #expect(paths.paths(for: ["service": "new"]) == one)
  }
}
