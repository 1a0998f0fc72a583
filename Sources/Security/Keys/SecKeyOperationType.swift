import Foundation

/// The kind of operation `SecKeyIsAlgorithmSupported` asks about (Apple: `SecKeyOperationType`, a `CFIndex` enum of
/// `SecKey.h`; Swift imports its cases as `.sign`, `.verify`, `.encrypt`, `.decrypt`, `.keyExchange`).
public enum SecKeyOperationType: Int, Sendable {
  /// `kSecKeyOperationTypeSign`: `SecKeyCreateSignature`.
  case sign = 0
  /// `kSecKeyOperationTypeVerify`: `SecKeyVerifySignature`.
  case verify = 1
  /// `kSecKeyOperationTypeEncrypt`: `SecKeyCreateEncryptedData`.
  case encrypt = 2
  /// `kSecKeyOperationTypeDecrypt`: `SecKeyCreateDecryptedData`.
  case decrypt = 3
  /// `kSecKeyOperationTypeKeyExchange`: `SecKeyCopyKeyExchangeResult`.
  case keyExchange = 4
}
