import Foundation

extension InternetPassword {
  /// The network protocol of an internet password: Apple's `kSecAttrProtocol…` values.
  ///
  /// The raw value is Apple's four-character code (`"htps"` for HTTPS); on the Secret Service it is stored as the
  /// lower-case URL scheme that libsecret's network-password schema uses (`https`), see docs/attribute-mapping.md.
  public enum NetworkProtocol: String, Sendable, Hashable, CaseIterable {
    /// `kSecAttrProtocolFTP`.
    case ftp = "ftp "
    /// `kSecAttrProtocolFTPAccount`.
    case ftpAccount = "ftpa"
    /// `kSecAttrProtocolHTTP`.
    case http = "http"
    /// `kSecAttrProtocolIRC`.
    case irc = "irc "
    /// `kSecAttrProtocolNNTP`.
    case nntp = "nntp"
    /// `kSecAttrProtocolPOP3`.
    case pop3 = "pop3"
    /// `kSecAttrProtocolSMTP`.
    case smtp = "smtp"
    /// `kSecAttrProtocolSOCKS`.
    case socks = "sox "
    /// `kSecAttrProtocolIMAP`.
    case imap = "imap"
    /// `kSecAttrProtocolLDAP`.
    case ldap = "ldap"
    /// `kSecAttrProtocolAppleTalk`.
    case appleTalk = "atlk"
    /// `kSecAttrProtocolAFP`.
    case afp = "afp "
    /// `kSecAttrProtocolTelnet`.
    case telnet = "teln"
    /// `kSecAttrProtocolSSH`.
    case ssh = "ssh "
    /// `kSecAttrProtocolFTPS`.
    case ftps = "ftps"
    /// `kSecAttrProtocolHTTPS`.
    case https = "htps"
    /// `kSecAttrProtocolHTTPProxy`.
    case httpProxy = "htpx"
    /// `kSecAttrProtocolHTTPSProxy`.
    case httpsProxy = "htsx"
    /// `kSecAttrProtocolFTPProxy`.
    case ftpProxy = "ftpx"
    /// `kSecAttrProtocolSMB`.
    case smb = "smb "
    /// `kSecAttrProtocolRTSP`.
    case rtsp = "rtsp"
    /// `kSecAttrProtocolRTSPProxy`.
    case rtspProxy = "rtsx"
    /// `kSecAttrProtocolDAAP`.
    case daap = "daap"
    /// `kSecAttrProtocolEPPC`.
    case eppc = "eppc"
    /// `kSecAttrProtocolIPP`.
    case ipp = "ipp "
    /// `kSecAttrProtocolNNTPS`.
    case nntps = "ntps"
    /// `kSecAttrProtocolLDAPS`.
    case ldaps = "ldps"
    /// `kSecAttrProtocolTelnetS`.
    case telnetS = "tels"
    /// `kSecAttrProtocolIMAPS`.
    case imaps = "imps"
    /// `kSecAttrProtocolIRCS`.
    case ircs = "ircs"
    /// `kSecAttrProtocolPOP3S`.
    case pop3S = "pops"

    /// The code as a number (`"htps"` → `0x6874_7073`), as Apple's `FourCharCode`.
    public var fourCharCode: UInt32 { fourCharCodeNumber(rawValue) }

    /// The protocol with a `FourCharCode` number, or nil when it is not one of Apple's.
    public init?(fourCharCode: UInt32) {
      self.init(rawValue: fourCharCodeString(fourCharCode))
    }
  }

  /// How the server authenticates: Apple's `kSecAttrAuthenticationType…` values.
  ///
  /// The raw value is Apple's four-character code (`"http"` for HTTP Basic); on the Secret Service it is stored under
  /// libsecret's `authtype` attribute (`basic`), see docs/attribute-mapping.md.
  public enum AuthenticationType: String, Sendable, Hashable, CaseIterable {
    /// `kSecAttrAuthenticationTypeNTLM`.
    case ntlm = "ntlm"
    /// `kSecAttrAuthenticationTypeMSN`.
    case msn = "msna"
    /// `kSecAttrAuthenticationTypeDPA`.
    case dpa = "dpaa"
    /// `kSecAttrAuthenticationTypeRPA`.
    case rpa = "rpaa"
    /// `kSecAttrAuthenticationTypeHTTPBasic`.
    case httpBasic = "http"
    /// `kSecAttrAuthenticationTypeHTTPDigest`.
    case httpDigest = "httd"
    /// `kSecAttrAuthenticationTypeHTMLForm`.
    case htmlForm = "form"
    /// `kSecAttrAuthenticationTypeDefault`.
    case `default` = "dflt"

    /// The code as a number (`"ntlm"` → `0x6E74_6C6D`), as Apple's `FourCharCode`.
    public var fourCharCode: UInt32 { fourCharCodeNumber(rawValue) }

    /// The authentication type with a `FourCharCode` number, or nil when it is not one of Apple's.
    public init?(fourCharCode: UInt32) {
      self.init(rawValue: fourCharCodeString(fourCharCode))
    }
  }
}

/// The number of a four-character ASCII code, big-endian (`"htps"` → `0x6874_7073`).
private func fourCharCodeNumber(_ code: String) -> UInt32 {
  code.utf8.reduce(0) { ($0 << 8) | UInt32($1) }
}

/// The four characters of a code number (non-ASCII bytes give a string no enum case has).
private func fourCharCodeString(_ number: UInt32) -> String {
  String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: number >> (8 * (3 - $0))) }, as: UTF8.self)
}
