/// A two-way table between Apple's four-character codes (`kSecAttrProtocol…`, `kSecAttrAuthenticationType…` values)
/// and the names other Secret Service clients store.
struct FourCharCodeTable: Sendable {
  /// Apple code → stored name.
  private let storedNames: [String: String]
  /// Stored name (lower-cased) → Apple code.
  private let codes: [String: String]

  /// - Parameters:
  ///   - pairs: Apple code and the name stored for it, in order; the first pair naming a code wins on write.
  ///   - aliases: Extra stored names (written by other clients) read back as a code.
  init(_ pairs: [(code: String, stored: String)], aliases: [(stored: String, code: String)] = []) {
    var storedNames: [String: String] = [:]
    var codes: [String: String] = [:]
    for pair in pairs {
      if storedNames[pair.code] == nil { storedNames[pair.code] = pair.stored }
      if codes[pair.stored.lowercased()] == nil { codes[pair.stored.lowercased()] = pair.code }
    }
    for alias in aliases where codes[alias.stored.lowercased()] == nil {
      codes[alias.stored.lowercased()] = alias.code
    }
    self.storedNames = storedNames
    self.codes = codes
  }

  /// The stored name of an Apple code, or nil when the code is not one of Apple's values.
  func storedName(forCode code: String) -> String? { storedNames[code] }

  /// The Apple code of a stored name (case-insensitive), or nil when unknown.
  func code(forStoredName name: String) -> String? { codes[name.lowercased()] }

  /// Whether `code` is one of Apple's values.
  func contains(code: String) -> Bool { storedNames[code] != nil }

  /// Apple's codes as the four characters of a `FourCharCode` number (e.g. 0x68747073 → "htps"), or nil when the
  /// number is not four printable ASCII characters.
  static func code(fromNumber number: Int64) -> String? {
    guard number >= 0, number <= Int64(UInt32.max) else { return nil }
    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: number >> (8 * (3 - $0))) }
    guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension FourCharCodeTable {
  /// `kSecAttrProtocol…` codes and the lower-case URL scheme written as libsecret's `protocol` attribute.
  static let protocols = FourCharCodeTable(
    [
      ("ftp ", "ftp"), ("ftpa", "ftp-account"), ("http", "http"), ("irc ", "irc"), ("nntp", "nntp"),
      ("pop3", "pop3"), ("smtp", "smtp"), ("sox ", "socks"), ("imap", "imap"), ("ldap", "ldap"),
      ("atlk", "afp-appletalk"), ("afp ", "afp"), ("teln", "telnet"), ("ssh ", "ssh"), ("ftps", "ftps"),
      ("htps", "https"), ("htpx", "http-proxy"), ("htsx", "https-proxy"), ("ftpx", "ftp-proxy"), ("smb ", "smb"),
      ("rtsp", "rtsp"), ("rtsx", "rtsp-proxy"), ("daap", "daap"), ("eppc", "eppc"), ("ipp ", "ipp"),
      ("ntps", "nntps"), ("ldps", "ldaps"), ("tels", "telnets"), ("imps", "imaps"), ("ircs", "ircs"),
      ("pops", "pop3s"),
    ],
    aliases: [("sftp", "ssh "), ("dav", "http"), ("davs", "htps"), ("cifs", "smb "), ("socks5", "sox ")]
  )

  /// `kSecAttrAuthenticationType…` codes and the name written as libsecret's `authtype` attribute.
  static let authenticationTypes = FourCharCodeTable(
    [
      ("ntlm", "ntlm"), ("msna", "msn"), ("dpaa", "dpa"), ("rpaa", "rpa"), ("http", "basic"), ("httd", "digest"),
      ("form", "form"), ("dflt", "default"),
    ]
  )
}
