import Foundation
import Testing

@testable import Security

@Suite("Raw keys of the SecItem layer agree with the public constants")
struct SecItemRawKeyTests {
  @Test("keys and values read by the parser equal the kSec constants")
  func rawValuesMatch() {
    let pairs: [(CFString, String)] = [
      (kSecClass, RawKey.itemClass), (kSecClassGenericPassword, RawKey.classGenericPassword),
      (kSecClassInternetPassword, RawKey.classInternetPassword), (kSecAttrAccount, RawKey.account),
      (kSecAttrService, RawKey.service), (kSecAttrGeneric, RawKey.generic), (kSecAttrServer, RawKey.server),
      (kSecAttrProtocol, RawKey.protocol), (kSecAttrPort, RawKey.port), (kSecAttrPath, RawKey.path),
      (kSecAttrSecurityDomain, RawKey.securityDomain), (kSecAttrAuthenticationType, RawKey.authenticationType),
      (kSecAttrAccessGroup, RawKey.accessGroup), (kSecAttrSynchronizable, RawKey.synchronizable),
      (kSecAttrSynchronizableAny, RawKey.synchronizableAny), (kSecAttrLabel, RawKey.label),
      (kSecAttrCreationDate, RawKey.creationDate), (kSecAttrModificationDate, RawKey.modificationDate),
      (kSecAttrAccessible, RawKey.accessible), (kSecAttrAccessControl, RawKey.accessControl),
      (kSecAttrDescription, RawKey.description), (kSecAttrComment, RawKey.comment),
      (kSecAttrCreator, RawKey.creator), (kSecAttrType, RawKey.type), (kSecAttrIsInvisible, RawKey.isInvisible),
      (kSecAttrIsNegative, RawKey.isNegative), (kSecMatchLimit, RawKey.matchLimit),
      (kSecMatchLimitOne, RawKey.matchLimitOne), (kSecMatchLimitAll, RawKey.matchLimitAll),
      (kSecMatchItemList, RawKey.matchItemList), (kSecMatchCaseInsensitive, RawKey.matchCaseInsensitive),
      (kSecReturnData, RawKey.returnData), (kSecReturnAttributes, RawKey.returnAttributes),
      (kSecReturnRef, RawKey.returnRef), (kSecReturnPersistentRef, RawKey.returnPersistentRef),
      (kSecValueData, RawKey.valueData), (kSecValueRef, RawKey.valueRef),
      (kSecValuePersistentRef, RawKey.valuePersistentRef), (kSecUseAuthenticationUI, RawKey.useAuthenticationUI),
      (kSecUseAuthenticationUIAllow, RawKey.useAuthenticationUIAllow),
      (kSecUseAuthenticationUIFail, RawKey.useAuthenticationUIFail),
      (kSecUseAuthenticationUISkip, RawKey.useAuthenticationUISkip),
      (kSecUseDataProtectionKeychain, RawKey.useDataProtectionKeychain), (kSecUseItemList, RawKey.useItemList),
      (kSecUseOperationPrompt, RawKey.useOperationPrompt),
      (kSecUseAuthenticationContext, RawKey.useAuthenticationContext),
      (kSecUseNoAuthenticationUI, RawKey.useNoAuthenticationUI),
      (kSecMatchDiacriticInsensitive, RawKey.matchDiacriticInsensitive),
      (kSecMatchWidthInsensitive, RawKey.matchWidthInsensitive),
    ]
    for (constant, raw) in pairs { #expect(constant as String == raw) }
  }
}
