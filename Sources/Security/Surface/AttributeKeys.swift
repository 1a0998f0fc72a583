import Foundation

// Attribute keys of password items and keys common to every class.
// Raw values from Apple's Security-61901 `OSX/sec/Security/SecItemConstants.c` (macOS-only keys: `OSX/libsecurity_keychain/lib/SecItemConstants.c`).

/// When the item is readable; a `kSecAttrAccessible…` value. Raw value `"pdmn"`.
nonisolated(unsafe) public let kSecAttrAccessible: CFString = SecConstantString("pdmn")
/// macOS file-based keychain access object (`SecAccess`). Raw value `"acls"`.
nonisolated(unsafe) public let kSecAttrAccess: CFString = SecConstantString("acls")
/// A `SecAccessControl` for the item. Raw value `"accc"`.
nonisolated(unsafe) public let kSecAttrAccessControl: CFString = SecConstantString("accc")
/// The access group of the item (a string). Raw value `"agrp"`.
nonisolated(unsafe) public let kSecAttrAccessGroup: CFString = SecConstantString("agrp")
/// Whether the item synchronizes (a boolean, or `kSecAttrSynchronizableAny` in queries). Raw value `"sync"`.
nonisolated(unsafe) public let kSecAttrSynchronizable: CFString = SecConstantString("sync")
/// The creation date (a date, read only). Raw value `"cdat"`.
nonisolated(unsafe) public let kSecAttrCreationDate: CFString = SecConstantString("cdat")
/// The last modification date (a date, read only). Raw value `"mdat"`.
nonisolated(unsafe) public let kSecAttrModificationDate: CFString = SecConstantString("mdat")
/// A user-visible description of the item's kind (a string). Raw value `"desc"`.
nonisolated(unsafe) public let kSecAttrDescription: CFString = SecConstantString("desc")
/// A user-editable comment (a string). Raw value `"icmt"`.
nonisolated(unsafe) public let kSecAttrComment: CFString = SecConstantString("icmt")
/// The item's creator (a number, a four-character code). Raw value `"crtr"`.
nonisolated(unsafe) public let kSecAttrCreator: CFString = SecConstantString("crtr")
/// The item's type (a number, a four-character code). Raw value `"type"`.
nonisolated(unsafe) public let kSecAttrType: CFString = SecConstantString("type")
/// The user-visible label (a string). Raw value `"labl"`.
nonisolated(unsafe) public let kSecAttrLabel: CFString = SecConstantString("labl")
/// Whether the item is hidden from users (a boolean). Raw value `"invi"`.
nonisolated(unsafe) public let kSecAttrIsInvisible: CFString = SecConstantString("invi")
/// Whether the item is a placeholder without a valid password (a boolean). Raw value `"nega"`.
nonisolated(unsafe) public let kSecAttrIsNegative: CFString = SecConstantString("nega")
/// The account name (a string). Raw value `"acct"`.
nonisolated(unsafe) public let kSecAttrAccount: CFString = SecConstantString("acct")
/// The service (a string). Raw value `"svce"`.
nonisolated(unsafe) public let kSecAttrService: CFString = SecConstantString("svce")
/// User-defined data (data). Raw value `"gena"`.
nonisolated(unsafe) public let kSecAttrGeneric: CFString = SecConstantString("gena")
/// The security domain of an internet password (a string). Raw value `"sdmn"`.
nonisolated(unsafe) public let kSecAttrSecurityDomain: CFString = SecConstantString("sdmn")
/// The server of an internet password (a string). Raw value `"srvr"`.
nonisolated(unsafe) public let kSecAttrServer: CFString = SecConstantString("srvr")
/// The protocol of an internet password; a `kSecAttrProtocol…` value. Raw value `"ptcl"`.
nonisolated(unsafe) public let kSecAttrProtocol: CFString = SecConstantString("ptcl")
/// The authentication scheme; a `kSecAttrAuthenticationType…` value. Raw value `"atyp"`.
nonisolated(unsafe) public let kSecAttrAuthenticationType: CFString = SecConstantString("atyp")
/// The port of an internet password (a number). Raw value `"port"`.
nonisolated(unsafe) public let kSecAttrPort: CFString = SecConstantString("port")
/// The path of an internet password (a string). Raw value `"path"`.
nonisolated(unsafe) public let kSecAttrPath: CFString = SecConstantString("path")
/// Apple's `kSecAttrSyncViewHint`, raw value `"vwht"`.
nonisolated(unsafe) public let kSecAttrSyncViewHint: CFString = SecConstantString("vwht")
/// Apple's `kSecAttrTokenID`, raw value `"tkid"`.
nonisolated(unsafe) public let kSecAttrTokenID: CFString = SecConstantString("tkid")
/// Apple's misspelled alias of `kSecAttrPersistentReference`. Raw value `"persistref"`.
nonisolated(unsafe) public let kSecAttrPersistantReference: CFString = SecConstantString("persistref")
/// The persistent reference of an item (data, read only). Raw value `"persistref"`.
nonisolated(unsafe) public let kSecAttrPersistentReference: CFString = SecConstantString("persistref")
