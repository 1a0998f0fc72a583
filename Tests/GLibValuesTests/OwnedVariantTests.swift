import CLibSecret
import Testing

@testable import GLibValues

/// `OwnedVariant`'s readers and `VariantBuilder`'s values, built and read back with GLib, no bus.
@Suite("OwnedVariant")
struct OwnedVariantTests {
  /// A GVariant parsed from GVariant text (e.g. `@a{ss} {}`), owned.
  private func parsed(_ text: String) -> OwnedVariant {
    OwnedVariant(taking: g_variant_parse(nil, text, nil, nil, nil)!)  // transfer full (not floating)
  }

  /// Whether `value` is nil (an optional noncopyable value cannot be compared with `==`).
  private func isAbsent(_ value: consuming OwnedVariant?) -> Bool {
    switch consume value {
    case .none: true
    case .some: false
    }
  }

  @Test("a built string reads back as the same string, with type s")
  func stringRoundTrip() {
    let value = OwnedVariant(sinking: VariantBuilder.string("héllo wörld"))
    let type = value.typeString
    let string = value.string
    #expect(type == "s")
    #expect(string == "héllo wörld")
  }

  @Test("each scalar reader answers only for its own type")
  func readersCheckTheirType() {
    let string = OwnedVariant(sinking: VariantBuilder.string("true"))
    let bool = string.bool
    let uint32 = string.uint32
    let uint64 = string.uint64
    #expect(bool == nil)
    #expect(uint32 == nil)
    #expect(uint64 == nil)
    let pathAsString = parsed("objectpath '/org/freedesktop/secrets'").string
    #expect(pathAsString == nil)  // an object path is not read as a string
  }

  @Test("booleans and unsigned integers read back as built")
  func scalars() {
    let yes = OwnedVariant(sinking: VariantBuilder.bool(true)).bool
    let no = OwnedVariant(sinking: VariantBuilder.bool(false)).bool
    let uint32 = parsed("uint32 4294967295").uint32
    let uint64 = parsed("uint64 18446744073709551615").uint64
    #expect(yes == true)
    #expect(no == false)
    #expect(uint32 == UInt32.max)
    #expect(uint64 == UInt64.max)
  }

  @Test("a tuple's children keep their order")
  func tupleChildren() {
    let tuple = OwnedVariant(
      sinking: VariantBuilder.tuple([VariantBuilder.string("first"), VariantBuilder.bool(true)]))
    let type = tuple.typeString
    let count = tuple.childCount
    let first = tuple.child(0).string
    let second = tuple.child(1).bool
    #expect(type == "(sb)")
    #expect(count == 2)
    #expect(first == "first")
    #expect(second == true)
  }

  @Test("a string dictionary reads back as the dictionary it was built from")
  func stringDictionaryRoundTrip() {
    let dictionary = ["service": "example", "account": "alice", "empty": ""]
    let value = OwnedVariant(sinking: VariantBuilder.stringDictionary(dictionary))
    let type = value.typeString
    let readBack = value.stringDictionary
    #expect(type == "a{ss}")
    #expect(readBack == dictionary)
  }

  @Test("an empty string dictionary is an empty dictionary, not nil")
  func emptyStringDictionary() {
    let empty = parsed("@a{ss} {}").stringDictionary
    let otherType = parsed("@a{sv} {}").stringDictionary
    #expect(empty == [:])
    #expect(otherType == nil)
  }

  @Test("a boxed value unboxes to its content; an unboxed value does not unbox")
  func unboxing() {
    let boxed = OwnedVariant(sinking: VariantBuilder.boxed(VariantBuilder.string("inside")))
    let type = boxed.typeString
    let content = boxed.unboxed()?.string
    let plainUnboxes = !isAbsent(OwnedVariant(sinking: VariantBuilder.string("plain")).unboxed())
    #expect(type == "v")
    #expect(content == "inside")
    #expect(!plainUnboxes)
  }

  @Test("a property dictionary finds each value by name, unboxed, and nil for a missing name")
  func propertyLookup() {
    let properties = OwnedVariant(
      sinking: VariantBuilder.properties([
        (name: "Label", value: VariantBuilder.string("a label")), (name: "Locked", value: VariantBuilder.bool(true)),
      ]))
    let type = properties.typeString
    let label = properties.lookup("Label")?.string
    let locked = properties.lookup("Locked")?.bool
    let missingFound = !isAbsent(properties.lookup("Missing"))
    #expect(type == "a{sv}")
    #expect(label == "a label")
    #expect(locked == true)
    #expect(!missingFound)
  }

  @Test("the pointer lent to a body is the owned value's")
  func lentPointer() {
    let value = OwnedVariant(sinking: VariantBuilder.string("lent"))
    let text = value.withPointer { String(cString: g_variant_get_string($0, nil)) }
    #expect(text == "lent")
  }
}
