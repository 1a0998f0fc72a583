import CLibSecret
import GLibValues
import Testing

@testable import FreedesktopServices

/// Object paths in replies: decoded straight to `ObjectPath`, and only from the D-Bus types that are object paths.
@Suite("Object paths in GVariants")
struct ObjectPathVariantsTests {
  /// A GVariant parsed from GVariant text (e.g. `@ao ['/a']`), owned.
  private func parsed(_ text: String) -> OwnedVariant {
    OwnedVariant(taking: g_variant_parse(nil, text, nil, nil, nil)!)  // transfer full (not floating)
  }

  private let paths: [ObjectPath] = [
    "/org/freedesktop/secrets/collection/login/12", "/org/freedesktop/secrets/collection/login/3", "/",
  ]

  @Test("an ao decodes to its object paths, in order")
  func decodesArray() {
    let reply = parsed(
      "@ao ['/org/freedesktop/secrets/collection/login/12', '/org/freedesktop/secrets/collection/login/3', '/']")
    #expect(reply.objectPaths == paths)
  }

  @Test("an empty ao decodes to no paths, not to a failure")
  func decodesEmptyArray() {
    #expect(parsed("@ao []").objectPaths == [])
  }

  @Test("an as of path-shaped strings is not a list of object paths")
  func refusesStringArray() {
    #expect(parsed("@as ['/org/freedesktop/secrets/collection/login/12']").objectPaths == nil)
  }

  @Test("an o decodes to an object path; an s is not one, and an o is not a plain string")
  func singlePath() {
    #expect(
      parsed("objectpath '/org/freedesktop/secrets/aliases/default'").objectPath
        == "/org/freedesktop/secrets/aliases/default")
    #expect(parsed("'/org/freedesktop/secrets/aliases/default'").objectPath == nil)
    #expect(parsed("objectpath '/a'").string == nil)
  }

  @Test("the ao builder's output decodes to the paths it was given")
  func builderRoundTrip() {
    let built = OwnedVariant(sinking: VariantBuilder.objectPaths(paths))
    #expect(built.typeString == "ao")
    #expect(built.objectPaths == paths)
  }

  @Test("a SearchItems reply gives the unlocked and locked items as object paths")
  func searchItemsReply() throws {
    let reply = parsed("(@ao ['/c/login/1', '/c/login/2'], @ao ['/c/other/7'])")
    let result = try ServiceInterface.searchItemsReply(reply)
    #expect(result.unlocked == ["/c/login/1", "/c/login/2"])
    #expect(result.locked == ["/c/other/7"])
  }

  @Test("a SearchItems reply of string arrays is malformed")
  func searchItemsReplyOfStrings() {
    let reply = parsed("(@as ['/c/login/1'], @as [])")
    do {
      _ = try ServiceInterface.searchItemsReply(reply)
      Issue.record("a reply of as was accepted")
    } catch {
      #expect(error.call == "org.freedesktop.Secret.Service.SearchItems")
      #expect(error.message == "malformed reply")
    }
  }

  @Test("a ReadAlias reply of / is no collection; any other path is the collection")
  func readAliasReply() throws {
    #expect(try ServiceInterface.readAliasReply(parsed("(objectpath '/',)")) == nil)
    #expect(
      try ServiceInterface.readAliasReply(parsed("(objectpath '/org/freedesktop/secrets/collection/login',)"))
        == "/org/freedesktop/secrets/collection/login")
  }

  @Test("Unlock and Lock replies give the objects and the prompt as object paths")
  func objectsAndPrompt() throws {
    let reply = parsed("(@ao ['/c/login'], objectpath '/org/freedesktop/secrets/prompt/p1')")
    let result = try ServiceInterface.objectsAndPrompt(reply, call: "Unlock")
    #expect(result.objects == ["/c/login"])
    #expect(result.prompt == "/org/freedesktop/secrets/prompt/p1")
    #expect(
      try ServiceInterface.objectsAndPrompt(parsed("(@ao [], objectpath '/')"), call: "Unlock").prompt == .noObject)
  }
}
