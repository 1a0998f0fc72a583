import Foundation

/// The fuzz targets: each reads bytes that reach this package from outside (a caller's dictionary, another client's
/// item, a persistent reference handed back, key and certificate material, the keyring file, the keychain preferences
/// and the agent's messages) and must never crash on
/// them.
enum FuzzTarget: String, CaseIterable, Sendable {
  /// Dictionaries built from the input's bytes through the SecItem query and update parsers.
  case queryParser = "query-parser"
  /// The label, attributes and secret of an item another client wrote, through the decoder, the matcher, the
  /// result builder and the update planner.
  case storedItem = "stored-item"
  /// Persistent references (`kSecValuePersistentRef`, `kSecMatchItemList`).
  case persistentReference = "persistent-reference"
  /// Apple's external key representations (`SecKeyCreateWithData`).
  case keyImport = "key-import"
  /// Certificate DER (`SecCertificateCreateWithData`) and issuer names (`kSecMatchIssuers`).
  case certificate = "certificate"
  /// libsecret's keyring file (the file keyring) and the items in it.
  case keyringFile = "keyring-file"
  /// PKCS#12 files and PEM / DER certificates and keys (`SecPKCS12Import`, `SecItemImport`).
  case pkcs12 = "pkcs12"
  /// The user's keychain preferences file (search list, default keychain).
  case keychainPreferences = "keychain-preferences"
  /// The keychain agent's requests and responses.
  case agentMessage = "agent-message"

  /// Runs the target on one input.
  func run(_ bytes: [UInt8]) {
    switch self {
    case .queryParser: QueryParserTarget.run(bytes)
    case .storedItem: StoredItemTarget.run(bytes)
    case .persistentReference: PersistentReferenceTarget.run(bytes)
    case .keyImport: KeyImportTarget.run(bytes)
    case .certificate: CertificateTarget.run(bytes)
    case .keyringFile: KeyringFileTarget.run(bytes)
    case .pkcs12: PKCS12Target.run(bytes)
    case .keychainPreferences: KeychainPreferencesTarget.run(bytes)
    case .agentMessage: AgentMessageTarget.run(bytes)
    }
  }
}

/// Runs the selected target on one input (libFuzzer's callback).
func runSelectedTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  selectedTarget?.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
  return 0
}

/// The same under libFuzzer's name for it: the fuzzer runtime's own `main`, linked and then replaced by this
/// program's, refers to it.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { runSelectedTarget(data, size) }

/// The target named by `KEYCHAIN_FUZZ_TARGET`.
let selectedTarget = ProcessInfo.processInfo.environment["KEYCHAIN_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))

/// Stops the run (libFuzzer records the input as a crash) when a property that must hold for every input does not.
func invariant(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line)
{
  if !condition { fatalError("invariant broken: \(message())", file: file, line: line) }
}
