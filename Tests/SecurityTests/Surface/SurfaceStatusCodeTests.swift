import Foundation
import Security
import Testing

@Suite("Surface: status codes and SecCopyErrorMessageString")
struct SurfaceStatusCodeTests {
  private var allCodes: [(name: String, code: OSStatus, value: OSStatus, message: String)] {
    statusCodesFromAppleSources
  }

  @Test("the keychain item API's status codes have Apple's values")
  func itemStatusCodes() {
    #expect(errSecSuccess == 0)
    #expect(errSecUnimplemented == -4)
    #expect(errSecIO == -36)
    #expect(errSecParam == -50)
    #expect(errSecAllocate == -108)
    #expect(errSecUserCanceled == -128)
    #expect(errSecBadReq == -909)
    #expect(errSecInternalComponent == -2070)
    #expect(errSecNotAvailable == -25291)
    #expect(errSecAuthFailed == -25293)
    #expect(errSecNoSuchKeychain == -25294)
    #expect(errSecDuplicateItem == -25299)
    #expect(errSecItemNotFound == -25300)
    #expect(errSecInteractionNotAllowed == -25308)
    #expect(errSecDecode == -26275)
    #expect(errSecMissingEntitlement == -34018)
  }

  @Test("every status code of SecBase.h has Apple's value")
  func everyStatusCodeHasApplesValue() {
    #expect(allCodes.count == 455)
    for row in allCodes {
      #expect(row.code == row.value, "\(row.name)")
    }
  }

  @Test("every status code's message is Apple's")
  func everyMessageIsApples() {
    for row in allCodes {
      #expect(SecCopyErrorMessageString(row.code, nil) as String? == row.message, "\(row.name)")
    }
  }

  @Test("errSecItemNotFound's message is Apple's text")
  func itemNotFoundMessage() {
    #expect(
      SecCopyErrorMessageString(errSecItemNotFound, nil) as String?
        == "The specified item could not be found in the keychain.")
  }

  @Test("a code Apple's header gives no comment returns the code's name")
  func uncommentedCodeReturnsName() {
    #expect(SecCopyErrorMessageString(errSecInternalComponent, nil) as String? == "errSecInternalComponent")
  }

  @Test("an unknown code returns \"OSStatus <code>\"")
  func unknownCodeMessage() {
    #expect(SecCopyErrorMessageString(12345, nil) as String? == "OSStatus 12345")
    #expect(SecCopyErrorMessageString(-1, nil) as String? == "OSStatus -1")
  }

  @Test("no two status codes share a value")
  func codesAreUnique() {
    let values = allCodes.map(\.value)
    #expect(Set(values).count == values.count)
  }
}
