import Foundation
import Security
import Testing

@Suite("Surface: kSec constants")
struct SurfaceConstantTests {
  @Test("every item constant has Apple's raw value")
  func itemConstantsHaveApplesRawValues() {
    #expect(itemConstantsFromAppleSources.count == 81)
    for row in itemConstantsFromAppleSources {
      #expect(row.constant as String == row.raw, "\(row.name)")
    }
  }

  @Test("every search, return, value, use and key constant has Apple's raw value")
  func otherConstantsHaveApplesRawValues() {
    #expect(searchAndKeyConstantsFromAppleSources.count == 84)
    for row in searchAndKeyConstantsFromAppleSources {
      #expect(row.constant as String == row.raw, "\(row.name)")
    }
  }

  @Test("the 31 protocol values and 8 authentication types are all there")
  func protocolAndAuthenticationTypeCounts() {
    let names = itemConstantsFromAppleSources.map(\.name)
    #expect(names.filter { $0.hasPrefix("kSecAttrProtocol") && $0 != "kSecAttrProtocol" }.count == 31)
    #expect(
      names.filter { $0.hasPrefix("kSecAttrAuthenticationType") && $0 != "kSecAttrAuthenticationType" }.count == 8)
  }

  @Test("a constant wrapped in AnyHashable equals its raw value as a String")
  func constantAnyHashableEqualsString() {
    #expect(AnyHashable(kSecAttrAccount) == AnyHashable("acct"))
    #expect(AnyHashable(kSecAttrAccount).hashValue == AnyHashable("acct").hashValue)
  }

  @Test("a constant equals an NSString of the same text")
  func constantEqualsNSString() {
    #expect(kSecAttrService == NSString(string: "svce"))
    #expect(kSecAttrService.isEqual(to: "svce"))
    #expect(kSecAttrService.hash == NSString(string: "svce").hash)
  }

  @Test("a constant keeps its identity when an NSDictionary copies its keys")
  func constantKeySurvivesDictionaryCopy() throws {
    let dictionary = [kSecAttrLabel: "label"] as CFDictionary
    let key = try #require(dictionary.allKeys.first as? NSString)
    #expect(AnyHashable(key) == AnyHashable("labl"))
  }

  @Test("constants describe themselves as their raw value")
  func constantDescription() {
    #expect("\(kSecClassGenericPassword)" == "genp")
    #expect(String(describing: kSecAttrProtocolFTP) == "ftp ")
  }

  @Test("constants are usable from detached tasks and actors in Swift 6")
  func constantsAcrossConcurrencyDomains() async {
    actor Reader {
      func service() -> String { kSecAttrService as String }
    }
    let fromTask = await Task.detached { kSecAttrAccount as String }.value
    let fromActor = await Reader().service()
    #expect(fromTask == "acct")
    #expect(fromActor == "svce")
  }
}
