import Foundation

// Values of `kSecAttrProtocol` (four-character codes, padded with spaces).
// Raw values from Apple's Security-61901 `OSX/sec/Security/SecItemConstants.c` (macOS-only keys: `OSX/libsecurity_keychain/lib/SecItemConstants.c`).

/// Apple's `kSecAttrProtocolFTP`, raw value `"ftp "`.
nonisolated(unsafe) public let kSecAttrProtocolFTP: CFString = SecConstantString("ftp ")
/// Apple's `kSecAttrProtocolFTPAccount`, raw value `"ftpa"`.
nonisolated(unsafe) public let kSecAttrProtocolFTPAccount: CFString = SecConstantString("ftpa")
/// Apple's `kSecAttrProtocolHTTP`, raw value `"http"`.
nonisolated(unsafe) public let kSecAttrProtocolHTTP: CFString = SecConstantString("http")
/// Apple's `kSecAttrProtocolIRC`, raw value `"irc "`.
nonisolated(unsafe) public let kSecAttrProtocolIRC: CFString = SecConstantString("irc ")
/// Apple's `kSecAttrProtocolNNTP`, raw value `"nntp"`.
nonisolated(unsafe) public let kSecAttrProtocolNNTP: CFString = SecConstantString("nntp")
/// Apple's `kSecAttrProtocolPOP3`, raw value `"pop3"`.
nonisolated(unsafe) public let kSecAttrProtocolPOP3: CFString = SecConstantString("pop3")
/// Apple's `kSecAttrProtocolSMTP`, raw value `"smtp"`.
nonisolated(unsafe) public let kSecAttrProtocolSMTP: CFString = SecConstantString("smtp")
/// Apple's `kSecAttrProtocolSOCKS`, raw value `"sox "`.
nonisolated(unsafe) public let kSecAttrProtocolSOCKS: CFString = SecConstantString("sox ")
/// Apple's `kSecAttrProtocolIMAP`, raw value `"imap"`.
nonisolated(unsafe) public let kSecAttrProtocolIMAP: CFString = SecConstantString("imap")
/// Apple's `kSecAttrProtocolLDAP`, raw value `"ldap"`.
nonisolated(unsafe) public let kSecAttrProtocolLDAP: CFString = SecConstantString("ldap")
/// Apple's `kSecAttrProtocolAppleTalk`, raw value `"atlk"`.
nonisolated(unsafe) public let kSecAttrProtocolAppleTalk: CFString = SecConstantString("atlk")
/// Apple's `kSecAttrProtocolAFP`, raw value `"afp "`.
nonisolated(unsafe) public let kSecAttrProtocolAFP: CFString = SecConstantString("afp ")
/// Apple's `kSecAttrProtocolTelnet`, raw value `"teln"`.
nonisolated(unsafe) public let kSecAttrProtocolTelnet: CFString = SecConstantString("teln")
/// Apple's `kSecAttrProtocolSSH`, raw value `"ssh "`.
nonisolated(unsafe) public let kSecAttrProtocolSSH: CFString = SecConstantString("ssh ")
/// Apple's `kSecAttrProtocolFTPS`, raw value `"ftps"`.
nonisolated(unsafe) public let kSecAttrProtocolFTPS: CFString = SecConstantString("ftps")
/// Apple's `kSecAttrProtocolHTTPS`, raw value `"htps"`.
nonisolated(unsafe) public let kSecAttrProtocolHTTPS: CFString = SecConstantString("htps")
/// Apple's `kSecAttrProtocolHTTPProxy`, raw value `"htpx"`.
nonisolated(unsafe) public let kSecAttrProtocolHTTPProxy: CFString = SecConstantString("htpx")
/// Apple's `kSecAttrProtocolHTTPSProxy`, raw value `"htsx"`.
nonisolated(unsafe) public let kSecAttrProtocolHTTPSProxy: CFString = SecConstantString("htsx")
/// Apple's `kSecAttrProtocolFTPProxy`, raw value `"ftpx"`.
nonisolated(unsafe) public let kSecAttrProtocolFTPProxy: CFString = SecConstantString("ftpx")
/// Apple's `kSecAttrProtocolSMB`, raw value `"smb "`.
nonisolated(unsafe) public let kSecAttrProtocolSMB: CFString = SecConstantString("smb ")
/// Apple's `kSecAttrProtocolRTSP`, raw value `"rtsp"`.
nonisolated(unsafe) public let kSecAttrProtocolRTSP: CFString = SecConstantString("rtsp")
/// Apple's `kSecAttrProtocolRTSPProxy`, raw value `"rtsx"`.
nonisolated(unsafe) public let kSecAttrProtocolRTSPProxy: CFString = SecConstantString("rtsx")
/// Apple's `kSecAttrProtocolDAAP`, raw value `"daap"`.
nonisolated(unsafe) public let kSecAttrProtocolDAAP: CFString = SecConstantString("daap")
/// Apple's `kSecAttrProtocolEPPC`, raw value `"eppc"`.
nonisolated(unsafe) public let kSecAttrProtocolEPPC: CFString = SecConstantString("eppc")
/// Apple's `kSecAttrProtocolIPP`, raw value `"ipp "`.
nonisolated(unsafe) public let kSecAttrProtocolIPP: CFString = SecConstantString("ipp ")
/// Apple's `kSecAttrProtocolNNTPS`, raw value `"ntps"`.
nonisolated(unsafe) public let kSecAttrProtocolNNTPS: CFString = SecConstantString("ntps")
/// Apple's `kSecAttrProtocolLDAPS`, raw value `"ldps"`.
nonisolated(unsafe) public let kSecAttrProtocolLDAPS: CFString = SecConstantString("ldps")
/// Apple's `kSecAttrProtocolTelnetS`, raw value `"tels"`.
nonisolated(unsafe) public let kSecAttrProtocolTelnetS: CFString = SecConstantString("tels")
/// Apple's `kSecAttrProtocolIMAPS`, raw value `"imps"`.
nonisolated(unsafe) public let kSecAttrProtocolIMAPS: CFString = SecConstantString("imps")
/// Apple's `kSecAttrProtocolIRCS`, raw value `"ircs"`.
nonisolated(unsafe) public let kSecAttrProtocolIRCS: CFString = SecConstantString("ircs")
/// Apple's `kSecAttrProtocolPOP3S`, raw value `"pops"`.
nonisolated(unsafe) public let kSecAttrProtocolPOP3S: CFString = SecConstantString("pops")
