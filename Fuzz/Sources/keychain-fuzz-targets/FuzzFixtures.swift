import Foundation
import KeychainServices

@testable import FreedesktopServices
@testable import KeychainFiles
@testable import Security
@testable import SecurityStatus

/// Fixed objects the fuzz targets put into dictionaries (`kSecValueRef`, `kSecMatchItemList`). Fixed rather than
/// generated, so that an input decodes to the same dictionary in every run (a crash replays from its file).
enum FuzzFixtures {
  /// A P-256 private key (X9.63: 04 || X || Y || K), made once with `openssl ecparam -name prime256v1 -genkey`.
  static let keyBytes = hex(
    "04989a38e27ce010eaaf849a3f8e8bf720b694ca84bd35dcf46cd723b3811aa2e1be6987764c25007beb39ae80af5debbed7d87e95d47b"
      + "101834c1e846f9ea2cdca091fffeb4948c10ca7b23f69b732bfc6bd7ad93bc42c46a6872e3ed87796a4c")

  /// A self-signed certificate of that key (`openssl req -new -x509 -subj "/CN=fuzz fixture/O=…/emailAddress=…"`).
  static let certificateBytes = hex(
    "308201fb308201a1a00302010202021092300a06082a8648ce3d040302305b3115301306035504030c0c66757a7a2066697874757265311d"
      + "301b060355040a0c1473776966742d6b6579636861696e2d6c696e75783123302106092a864886f70d010901161466757a7a406578616d"
      + "706c652e696e76616c69643020170d3236313132353139333932315a180f32313236313130313139333932315a305b311530130603550403"
      + "0c0c66757a7a2066697874757265311d301b060355040a0c1473776966742d6b6579636861696e2d6c696e75783123302106092a864886f7"
      + "0d010901161466757a7a406578616d706c652e696e76616c69643059301306072a8648ce3d020106082a8648ce3d03010703420004989a38"
      + "e27ce010eaaf849a3f8e8bf720b694ca84bd35dcf46cd723b3811aa2e1be6987764c25007beb39ae80af5debbed7d87e95d47b101834c1e8"
      + "46f9ea2cdca3533051301d0603551d0e0416041440b66f5d43d9669dd5f1d222e2233a564fe0ce23301f0603551d2304183016801440b66f"
      + "5d43d9669dd5f1d222e2233a564fe0ce23300f0603551d130101ff040530030101ff300a06082a8648ce3d040302034800304502201eac35"
      + "bac38d0ab9ae7241075ddb381f24c2a51d499f730c5241ac74b5ef8cd1022100ff164554a166af33bb030989400ee4737b56d8d030d5c6b7"
      + "ce3d25fbfcd43d24")

  static let privateKey: SecKey = {
    let attributes = [kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeyClass: kSecAttrKeyClassPrivate]
    guard let key = SecKeyCreateWithData(keyBytes as CFData, attributes as CFDictionary, nil) else {
      fatalError("the fixture key does not import")
    }
    return key
  }()

  static let certificate: SecCertificate = {
    guard let certificate = SecCertificateCreateWithData(nil, certificateBytes as CFData) else {
      fatalError("the fixture certificate does not parse")
    }
    return certificate
  }()

  static let identity: SecIdentity = {
    guard let identity = SecIdentityCreate(nil, certificate, privateKey) else {
      fatalError("the fixture certificate and key do not pair")
    }
    return identity
  }()

  /// The DER Name of the certificate's issuer (`kSecMatchIssuers`).
  static let issuerName = NameContent.der(of: certificate.certificate.issuer) ?? Data()

  /// Objects a caller may hand as `kSecValueRef` (and a few it should not).
  nonisolated(unsafe) static let references: [AnyObject] = [
    privateKey, SecKeyCopyPublicKey(privateKey)!, certificate, identity,
    SecKeychainItem(itemClassCode: "genp", id: ItemFixture.item),
    SecKeychainItem(itemClassCode: "inet", id: ItemFixture.missing),
    SecKeychainItem(itemClassCode: "genp", id: ItemFixture.file),
    SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, [], nil)!,
  ]

  private static func hex(_ text: String) -> Data {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(index, offsetBy: 2)
      bytes.append(UInt8(text[index..<next], radix: 16)!)
      index = next
    }
    return Data(bytes)
  }
}

/// Items named by the fixtures and the persistent references the targets build: their IDs, and the object paths
/// that name them in references of versions 1 and 2.
enum ItemFixture {
  static let collection = "/org/freedesktop/secrets/collection/login"
  static let item = ItemID(keychain: .collection(ObjectPath(collection)), name: "7")
  static let missing = ItemID(keychain: .collection(ObjectPath(collection)), name: "99999")
  static let file = ItemID(
    keychain: .file("/tmp/fuzz/keyrings/default.keyring"), name: "00112233445566778899aabbccddeeff")
  static let itemPath = collection + "/7"
  static let missingPath = collection + "/99999"
}
