import Foundation
import Testing

@testable import Security

@Suite("Attribute codec: Apple values ↔ Secret Service strings")
struct SecItemAttributeCodecTests {
  private let generic = ItemClass.genericPassword
  private let internet = ItemClass.internetPassword

  private func roundTrip(_ value: AttributeValue, _ key: String, in itemClass: ItemClass) -> AttributeValue? {
    let descriptor = itemClass.descriptor(key)!
    return AttributeCodec.decode(descriptor, from: AttributeCodec.encode(value, descriptor))
  }

  @Test("a generic password's account is written as both account and username")
  func accountNames() {
    let pairs = AttributeCodec.encode(.string("bob"), generic.descriptor(RawKey.account)!)
    #expect(pairs == ["account": "bob", "username": "bob"])
  }

  @Test("an internet password uses libsecret's network-password names")
  func internetNames() {
    #expect(AttributeCodec.encode(.string("bob"), internet.descriptor(RawKey.account)!) == ["user": "bob"])
    #expect(AttributeCodec.encode(.string("d"), internet.descriptor(RawKey.securityDomain)!) == ["domain": "d"])
    #expect(AttributeCodec.encode(.string("/p"), internet.descriptor(RawKey.path)!) == ["object": "/p"])
    #expect(AttributeCodec.encode(.string("h"), internet.descriptor(RawKey.server)!) == ["server": "h"])
    #expect(AttributeCodec.encode(.integer(8443), internet.descriptor(RawKey.port)!) == ["port": "8443"])
  }

  @Test("protocol codes are written as lower-case schemes and read back as codes")
  func protocolSchemes() {
    let descriptor = internet.descriptor(RawKey.protocol)!
    #expect(AttributeCodec.encode(.string("htps"), descriptor) == ["protocol": "https"])
    #expect(AttributeCodec.encode(.string("smb "), descriptor) == ["protocol": "smb"])
    #expect(AttributeCodec.encode(.string("ftp "), descriptor) == ["protocol": "ftp"])
    #expect(AttributeCodec.decode(descriptor, from: ["protocol": "HTTPS"]) == .string("htps"))
    #expect(AttributeCodec.decode(descriptor, from: ["protocol": "sftp"]) == .string("ssh "))
    #expect(AttributeCodec.decode(descriptor, from: ["protocol": "gopher"]) == nil)
  }

  @Test("every one of Apple's 31 protocol codes has its own scheme")
  func allProtocols() {
    let codes = [
      "ftp ", "ftpa", "http", "irc ", "nntp", "pop3", "smtp", "sox ", "imap", "ldap", "atlk", "afp ", "teln",
      "ssh ", "ftps", "htps", "htpx", "htsx", "ftpx", "smb ", "rtsp", "rtsx", "daap", "eppc", "ipp ", "ntps",
      "ldps", "tels", "imps", "ircs", "pops",
    ]
    let schemes = codes.compactMap { FourCharCodeTable.protocols.storedName(forCode: $0) }
    #expect(Set(schemes).count == 31)
    for code in codes { #expect(roundTrip(.string(code), RawKey.protocol, in: internet) == .string(code)) }
  }

  @Test("authentication types are written as libsecret authtype names")
  func authenticationTypes() {
    let descriptor = internet.descriptor(RawKey.authenticationType)!
    #expect(AttributeCodec.encode(.string("http"), descriptor) == ["authtype": "basic"])
    for code in ["ntlm", "msna", "dpaa", "rpaa", "http", "httd", "form", "dflt"] {
      #expect(roundTrip(.string(code), RawKey.authenticationType, in: internet) == .string(code))
    }
  }

  @Test("data that is UTF-8 is stored as text with a marker and comes back as data")
  func utf8Data() {
    let descriptor = generic.descriptor(RawKey.account)!
    let pairs = AttributeCodec.encode(.data(Data("bob".utf8)), descriptor)
    #expect(pairs["account"] == "bob")
    #expect(pairs["keychain:enc:acct"] == "utf8")
    #expect(AttributeCodec.decode(descriptor, from: pairs) == .data(Data("bob".utf8)))
  }

  @Test("binary data is stored as base64 and comes back byte for byte")
  func binaryData() {
    let bytes = Data((0...255).map { UInt8($0) })
    #expect(roundTrip(.data(bytes), RawKey.generic, in: generic) == .data(bytes))
    #expect(roundTrip(.data(Data([0x61, 0x00, 0x62])), RawKey.account, in: generic) == .data(Data([0x61, 0, 0x62])))
  }

  @Test("integers, booleans and access control round-trip")
  func scalars() {
    #expect(roundTrip(.integer(0x6143_7274), RawKey.creator, in: generic) == .integer(0x6143_7274))
    #expect(roundTrip(.boolean(true), RawKey.isInvisible, in: generic) == .boolean(true))
    #expect(roundTrip(.boolean(false), RawKey.isNegative, in: internet) == .boolean(false))
    let control = AttributeValue.accessControl(protection: "aku", flags: 1 << 30)
    #expect(roundTrip(control, RawKey.accessControl, in: generic) == control)
  }

  @Test("other Apple attributes live under keychain:<raw key>")
  func reservedNames() {
    #expect(AttributeCodec.encode(.string("g"), generic.descriptor(RawKey.accessGroup)!) == ["keychain:agrp": "g"])
    #expect(AttributeCodec.encode(.boolean(true), generic.descriptor(RawKey.synchronizable)!) == ["keychain:sync": "1"])
    #expect(AttributeCodec.encode(.string("c"), generic.descriptor(RawKey.comment)!) == ["keychain:icmt": "c"])
  }

  @Test("labels and dates are item properties, not attributes")
  func properties() {
    #expect(AttributeCodec.encode(.string("l"), generic.descriptor(RawKey.label)!).isEmpty)
    #expect(AttributeCodec.encode(.date(Date()), generic.descriptor(RawKey.creationDate)!).isEmpty)
  }

  @Test("a value written by another client under username is read as the account")
  func foreignUsername() {
    #expect(AttributeCodec.decode(generic.descriptor(RawKey.account)!, from: ["username": "u"]) == .string("u"))
  }

  @Test("search alternatives cover every stored name")
  func searchAlternatives() {
    let alternatives = AttributeCodec.searchAlternatives(.string("bob"), generic.descriptor(RawKey.account)!)
    #expect(alternatives == [["account": "bob"], ["username": "bob"]])
  }
}
