import Foundation

// Search keys (`kSecMatch…`) and the match limit values.
// Raw values from Apple's Security-61901 `OSX/sec/Security/SecItemConstants.c` (macOS-only keys: `OSX/libsecurity_keychain/lib/SecItemConstants.c`).

/// Apple's `kSecMatchPolicy`, raw value `"m_Policy"`.
nonisolated(unsafe) public let kSecMatchPolicy: CFString = SecConstantString("m_Policy")
/// Restrict the search to these items (an array of refs or persistent refs). Raw value `"m_ItemList"`.
nonisolated(unsafe) public let kSecMatchItemList: CFString = SecConstantString("m_ItemList")
/// Apple's `kSecMatchSearchList`, raw value `"m_SearchList"`.
nonisolated(unsafe) public let kSecMatchSearchList: CFString = SecConstantString("m_SearchList")
/// Apple's `kSecMatchIssuers`, raw value `"m_Issuers"`.
nonisolated(unsafe) public let kSecMatchIssuers: CFString = SecConstantString("m_Issuers")
/// Apple's `kSecMatchEmailAddressIfPresent`, raw value `"m_EmailAddressIfPresent"`.
nonisolated(unsafe) public let kSecMatchEmailAddressIfPresent: CFString = SecConstantString("m_EmailAddressIfPresent")
/// Apple's `kSecMatchSubjectContains`, raw value `"m_SubjectContains"`.
nonisolated(unsafe) public let kSecMatchSubjectContains: CFString = SecConstantString("m_SubjectContains")
/// Apple's `kSecMatchHostOrSubdomainOfHost`, raw value `"m_HostOrSubdomainOfHost"`.
nonisolated(unsafe) public let kSecMatchHostOrSubdomainOfHost: CFString = SecConstantString("m_HostOrSubdomainOfHost")
/// Apple's `kSecMatchSubjectStartsWith`, raw value `"m_SubjectStartsWith"`.
nonisolated(unsafe) public let kSecMatchSubjectStartsWith: CFString = SecConstantString("m_SubjectStartsWith")
/// Apple's `kSecMatchSubjectEndsWith`, raw value `"m_SubjectEndsWith"`.
nonisolated(unsafe) public let kSecMatchSubjectEndsWith: CFString = SecConstantString("m_SubjectEndsWith")
/// Apple's `kSecMatchSubjectWholeString`, raw value `"m_SubjectWholeString"`.
nonisolated(unsafe) public let kSecMatchSubjectWholeString: CFString = SecConstantString("m_SubjectWholeString")
/// Compare strings case-insensitively (a boolean). Raw value `"m_CaseInsensitive"`.
nonisolated(unsafe) public let kSecMatchCaseInsensitive: CFString = SecConstantString("m_CaseInsensitive")
/// Apple's `kSecMatchDiacriticInsensitive`, raw value `"m_DiacriticInsensitive"`.
nonisolated(unsafe) public let kSecMatchDiacriticInsensitive: CFString = SecConstantString("m_DiacriticInsensitive")
/// Apple's `kSecMatchWidthInsensitive`, raw value `"m_WidthInsensitive"`.
nonisolated(unsafe) public let kSecMatchWidthInsensitive: CFString = SecConstantString("m_WidthInsensitive")
/// Apple's `kSecMatchTrustedOnly`, raw value `"m_TrustedOnly"`.
nonisolated(unsafe) public let kSecMatchTrustedOnly: CFString = SecConstantString("m_TrustedOnly")
/// Apple's `kSecMatchValidOnDate`, raw value `"m_ValidOnDate"`.
nonisolated(unsafe) public let kSecMatchValidOnDate: CFString = SecConstantString("m_ValidOnDate")
/// How many results to return: `kSecMatchLimitOne`, `kSecMatchLimitAll` or a number. Raw value `"m_Limit"`.
nonisolated(unsafe) public let kSecMatchLimit: CFString = SecConstantString("m_Limit")
/// Value of `kSecMatchLimit`: only the first match. Raw value `"m_LimitOne"`.
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = SecConstantString("m_LimitOne")
/// Value of `kSecMatchLimit`: every match. Raw value `"m_LimitAll"`.
nonisolated(unsafe) public let kSecMatchLimitAll: CFString = SecConstantString("m_LimitAll")
