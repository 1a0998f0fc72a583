/// The dictionary keys and values the SecItem functions read, as the `String`s the dictionaries carry at runtime.
/// Each is the public constant of `Surface/` it names; the few key attributes of Apple's schema that the SDK does not
/// name (`SecItemSchema.c`: `priv`, `modi`, `asen`, `next`, `snrc`, `vyrc`) are written here once.
enum RawKey {
  // Class
  static let itemClass = kSecClass as String
  static let classGenericPassword = kSecClassGenericPassword as String
  static let classInternetPassword = kSecClassInternetPassword as String
  static let classCertificate = kSecClassCertificate as String
  static let classKey = kSecClassKey as String
  static let classIdentity = kSecClassIdentity as String

  // Attributes
  static let accessible = kSecAttrAccessible as String
  static let access = kSecAttrAccess as String
  static let accessControl = kSecAttrAccessControl as String
  static let accessGroup = kSecAttrAccessGroup as String
  static let synchronizable = kSecAttrSynchronizable as String
  static let synchronizableAny = kSecAttrSynchronizableAny as String
  static let accessGroupToken = kSecAttrAccessGroupToken as String
  static let creationDate = kSecAttrCreationDate as String
  static let modificationDate = kSecAttrModificationDate as String
  static let description = kSecAttrDescription as String
  static let comment = kSecAttrComment as String
  static let creator = kSecAttrCreator as String
  static let type = kSecAttrType as String
  static let label = kSecAttrLabel as String
  static let isInvisible = kSecAttrIsInvisible as String
  static let isNegative = kSecAttrIsNegative as String
  static let account = kSecAttrAccount as String
  static let service = kSecAttrService as String
  static let generic = kSecAttrGeneric as String
  static let securityDomain = kSecAttrSecurityDomain as String
  static let server = kSecAttrServer as String
  static let `protocol` = kSecAttrProtocol as String
  static let authenticationType = kSecAttrAuthenticationType as String
  static let port = kSecAttrPort as String
  static let path = kSecAttrPath as String
  static let syncViewHint = kSecAttrSyncViewHint as String
  static let tokenID = kSecAttrTokenID as String

  // Key attributes (Apple's keys table, `SecItemSchema.c`)
  static let keyClass = kSecAttrKeyClass as String
  static let applicationLabel = kSecAttrApplicationLabel as String
  static let applicationTag = kSecAttrApplicationTag as String
  static let keyType = kSecAttrKeyType as String
  static let keySizeInBits = kSecAttrKeySizeInBits as String
  static let effectiveKeySize = kSecAttrEffectiveKeySize as String
  static let isPermanent = kSecAttrIsPermanent as String
  static let isPrivate = "priv"  // not named by the SDK
  static let isModifiable = "modi"  // not named by the SDK
  static let isSensitive = kSecAttrIsSensitive as String
  static let wasAlwaysSensitive = "asen"  // not named by the SDK
  static let isExtractable = kSecAttrIsExtractable as String
  static let wasNeverExtractable = "next"  // not named by the SDK
  static let canEncrypt = kSecAttrCanEncrypt as String
  static let canDecrypt = kSecAttrCanDecrypt as String
  static let canDerive = kSecAttrCanDerive as String
  static let canSign = kSecAttrCanSign as String
  static let canVerify = kSecAttrCanVerify as String
  static let canSignRecover = "snrc"  // not named by the SDK
  static let canVerifyRecover = "vyrc"  // not named by the SDK
  static let canWrap = kSecAttrCanWrap as String
  static let canUnwrap = kSecAttrCanUnwrap as String

  // Certificate attributes
  static let certificateType = kSecAttrCertificateType as String
  static let certificateEncoding = kSecAttrCertificateEncoding as String
  static let subject = kSecAttrSubject as String
  static let issuer = kSecAttrIssuer as String
  static let serialNumber = kSecAttrSerialNumber as String
  static let subjectKeyID = kSecAttrSubjectKeyID as String
  static let publicKeyHash = kSecAttrPublicKeyHash as String

  // Parameters of SecKeyCreateRandomKey
  static let privateKeyAttributes = kSecPrivateKeyAttrs as String
  static let publicKeyAttributes = kSecPublicKeyAttrs as String

  // Match keys and values
  static let matchLimit = kSecMatchLimit as String
  static let matchLimitOne = kSecMatchLimitOne as String
  static let matchLimitAll = kSecMatchLimitAll as String
  static let matchItemList = kSecMatchItemList as String
  static let matchCaseInsensitive = kSecMatchCaseInsensitive as String
  static let matchDiacriticInsensitive = kSecMatchDiacriticInsensitive as String
  static let matchWidthInsensitive = kSecMatchWidthInsensitive as String
  static let matchPolicy = kSecMatchPolicy as String
  static let matchSearchList = kSecMatchSearchList as String
  static let matchIssuers = kSecMatchIssuers as String
  static let matchEmailAddressIfPresent = kSecMatchEmailAddressIfPresent as String
  static let matchSubjectContains = kSecMatchSubjectContains as String
  static let matchSubjectStartsWith = kSecMatchSubjectStartsWith as String
  static let matchSubjectEndsWith = kSecMatchSubjectEndsWith as String
  static let matchSubjectWholeString = kSecMatchSubjectWholeString as String
  static let matchHostOrSubdomainOfHost = kSecMatchHostOrSubdomainOfHost as String
  static let matchTrustedOnly = kSecMatchTrustedOnly as String
  static let matchValidOnDate = kSecMatchValidOnDate as String

  // Return keys
  static let returnData = kSecReturnData as String
  static let returnAttributes = kSecReturnAttributes as String
  static let returnRef = kSecReturnRef as String
  static let returnPersistentRef = kSecReturnPersistentRef as String

  // Value keys
  static let valueData = kSecValueData as String
  static let valueRef = kSecValueRef as String
  static let valuePersistentRef = kSecValuePersistentRef as String

  // Use keys and values
  static let useItemList = kSecUseItemList as String
  static let useKeychain = kSecUseKeychain as String
  static let useOperationPrompt = kSecUseOperationPrompt as String
  static let useNoAuthenticationUI = kSecUseNoAuthenticationUI as String
  static let useAuthenticationUI = kSecUseAuthenticationUI as String
  static let useAuthenticationUIAllow = kSecUseAuthenticationUIAllow as String
  static let useAuthenticationUIFail = kSecUseAuthenticationUIFail as String
  static let useAuthenticationUISkip = kSecUseAuthenticationUISkip as String
  static let useAuthenticationContext = kSecUseAuthenticationContext as String
  static let useDataProtectionKeychain = kSecUseDataProtectionKeychain as String
  static let useUserIndependentKeychain = kSecUseUserIndependentKeychain as String
}
