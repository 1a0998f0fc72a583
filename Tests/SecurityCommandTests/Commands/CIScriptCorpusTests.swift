import Foundation
import KeyringTestSupport
import Testing

/// Real public macOS CI scripts that install a signing identity, their `security` lines run unchanged by bash with
/// the built `security` first in PATH, on keychain files in a home of their own and with no D-Bus session bus.
/// docs/compatibility.md reports the lines passed of the lines run.
@Suite("public CI scripts' security lines on keychain files")
struct CIScriptCorpusTests {
  /// One script: where it comes from, the variables its CI sets, the arguments it is called with, and its
  /// `security` lines as published.
  struct Script: Sendable, CustomTestStringConvertible {
    let source: String
    let variables: [String: String]
    var arguments: [String] = []
    let lines: [String]
    var testDescription: String { source }
  }

  static let scripts: [Script] = [
    Script(
      source: "WalletWasabi/WalletWasabi WalletWasabi.Packager/Content/Osx/addcert.sh",
      variables: ["key_chain": "build.keychain", "key_chain_pass": "mysecretpassword", "P12": "macdevsign.p12:alma"],
      lines: [
        #"security create-keychain -p "$key_chain_pass" "$key_chain""#,
        #"security default-keychain -s "$key_chain""#,
        #"security unlock-keychain -p "$key_chain_pass" "$key_chain""#,
        #"security import macdevsign.p12 -k "$key_chain" -P "alma" -A"#,
        #"security set-key-partition-list -S apple-tool:,apple: -s -k "$key_chain_pass" "$key_chain""#,
      ]),
    Script(
      source: "EFPrefix/EFQRCode .github/scripts/import-certificate.sh",
      variables: ["SIGNING_CERTIFICATE_PASSWORD": "cert-pass", "P12_BASE64": "SIGNING_CERTIFICATE_P12_DATA:cert-pass"],
      lines: [
        #"security create-keychain -p "" build.keychain"#,
        #"security list-keychains -s build.keychain"#,
        #"security default-keychain -s build.keychain"#,
        #"security unlock-keychain -p "" build.keychain"#,
        #"security set-keychain-settings"#,
        #"security import <(echo $SIGNING_CERTIFICATE_P12_DATA | base64 --decode) -f pkcs12 -k build.keychain -P $SIGNING_CERTIFICATE_PASSWORD -T /usr/bin/codesign"#,
        #"security set-key-partition-list -S apple-tool:,apple: -s -k "" build.keychain"#,
      ]),
    Script(
      source: "exactlylabs/radar speedtest_mobile/client_mobile_app/scripts/setup_keychain.sh",
      variables: [
        "MY_KEYCHAIN": "RadarIOSKeyChain.keychain", "P12_KEY_PATH": "key.p12", "CERT_PATH": "cert.cer",
        // The script imports the key and the certificate from two files: the .p12 holds the key alone.
        "P12_KEY_ONLY": "key.p12:",
      ],
      lines: [
        #"security create-keychain -p "" "$MY_KEYCHAIN""#,
        #"security list-keychains -d user -s "$MY_KEYCHAIN" $(security list-keychains -d user | sed s/\"//g)"#,
        #"security set-keychain-settings "$MY_KEYCHAIN""#,
        #"security unlock-keychain -p "" "$MY_KEYCHAIN""#,
        #"security import $P12_KEY_PATH -k "$MY_KEYCHAIN" -P "" -T "/usr/bin/codesign" -T "/usr/bin/productbuild" -T "/usr/bin/xcodebuild""#,
        #"security import $CERT_PATH -k "$MY_KEYCHAIN" -P "" -T "/usr/bin/codesign" -T "/usr/bin/productbuild" -T "/usr/bin/xcodebuild""#,
        #"security set-key-partition-list -S apple-tool:,apple: -s -k "" $MY_KEYCHAIN"#,
      ]),
    Script(
      source: "Tasktive import_signing_certificate.bash (Kamaal M Farah)",
      variables: [
        "KEYCHAIN_PASSPHRASE": "kc", "SIGNING_CERTIFICATE_PASSWORD": "cert-pass",
        "P12_BASE64": "SIGNING_CERTIFICATE_P12_DATA:cert-pass",
      ],
      lines: [
        #"security create-keychain -p "$KEYCHAIN_PASSPHRASE" build.keychain"#,
        #"security list-keychains -s build.keychain"#,
        #"security default-keychain -s build.keychain"#,
        #"security unlock-keychain -p "$KEYCHAIN_PASSPHRASE" build.keychain"#,
        #"security set-keychain-settings"#,
        #"security import <(echo $SIGNING_CERTIFICATE_P12_DATA | base64 --decode) -f pkcs12 -k build.keychain -P $SIGNING_CERTIFICATE_PASSWORD -T /usr/bin/codesign"#,
        #"security set-key-partition-list -S apple-tool:,apple: -s -k "$KEYCHAIN_PASSPHRASE" build.keychain"#,
      ]),
    Script(
      source: "a cicd keychain script called as `script.sh <keychain password> <p12 password>` (code corpus)",
      variables: ["KC_NAME": "cicd", "P12": "Desktop/Certificates.p12:p12pw"], arguments: ["kcpw", "p12pw"],
      lines: [
        #"security create-keychain -p $1 $KC_NAME.keychain"#,
        #"security import ~/Desktop/Certificates.p12 -k $KC_NAME.keychain -P $2 -T /usr/bin/codesign"#,
        #"security list-keychains -d user -s $KC_NAME.keychain"#,
        #"security unlock-keychain -p $1 $KC_NAME.keychain"#,
        #"security set-key-partition-list -S apple-tool:,apple:,codesign: -s -k $1 $KC_NAME.keychain"#,
        #"security set-keychain-settings $KC_NAME.keychain"#,
      ]),
    Script(
      source: "GitHub Docs, Installing an Apple certificate on macOS runners for Xcode development",
      variables: [
        "KEYCHAIN_PASSWORD": "kc-pass", "P12_PASSWORD": "p12-pass", "CERTIFICATE_PATH": "build_certificate.p12",
        "KEYCHAIN_PATH": "app-signing.keychain-db", "P12": "build_certificate.p12:p12-pass",
      ],
      lines: [
        #"security create-keychain -p "$KEYCHAIN_PASSWORD" $KEYCHAIN_PATH"#,
        #"security set-keychain-settings -lut 21600 $KEYCHAIN_PATH"#,
        #"security unlock-keychain -p "$KEYCHAIN_PASSWORD" $KEYCHAIN_PATH"#,
        #"security import $CERTIFICATE_PATH -P "$P12_PASSWORD" -A -t cert -f pkcs12 -k $KEYCHAIN_PATH"#,
        #"security set-key-partition-list -S apple-tool:,apple: -k "$KEYCHAIN_PASSWORD" $KEYCHAIN_PATH"#,
        #"security list-keychain -d user -s $KEYCHAIN_PATH"#,
        #"security find-identity -v -p codesigning $KEYCHAIN_PATH | grep -q "1 valid identities found""#,
        #"security delete-keychain $KEYCHAIN_PATH"#,
      ]),
    Script(
      source: "fastlane import_certificate action (its security calls)",
      variables: ["KEYCHAIN": "fastlane.keychain", "P12": "dist.p12:fl-pass"],
      lines: [
        #"security create-keychain -p kc $KEYCHAIN"#,
        #"security import dist.p12 -k $KEYCHAIN -P fl-pass -T /usr/bin/codesign -T /usr/bin/security"#,
        #"security set-key-partition-list -S apple-tool:,apple: -k kc $KEYCHAIN 1> /dev/null"#,
        #"security find-certificate -a -c "Apple Development" -Z $KEYCHAIN | grep -q "SHA-1 hash:""#,
        #"security delete-certificate -c "Test CI Root" $KEYCHAIN"#,
      ]),
  ]

  /// The built `security` next to the test bundle.
  private static var binDirectory: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
  }

  @Test("every security line of the script succeeds", arguments: scripts)
  func scriptLines(script: Script) throws {
    let files = try SigningIdentityFiles()
    let home = try TemporaryDirectory("ci-home")
    var environment = [
      "PATH": Self.binDirectory + ":/usr/bin:/bin", "HOME": home.path, "XDG_DATA_HOME": home.file("data"),
      "XDG_CONFIG_HOME": home.file("config"), "XDG_RUNTIME_DIR": home.file("run"),
      "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + home.file("no-bus"),
    ]
    for directory in ["data", "config", "run", "Desktop"] {
      try FileManager.default.createDirectory(
        atPath: home.file(directory), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    for (name, value) in script.variables {
      switch name {
      case "P12":
        // A signing identity exported with the script's passphrase, where the script reads it.
        let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        try files.export(to: home.file(parts[0]), passphrase: parts[1])
      case "P12_KEY_ONLY":
        let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        try files.openssl([
          "pkcs12", "-export", "-legacy", "-nocerts", "-inkey", "key.pem", "-passout", "pass:" + parts[1], "-out",
          home.file(parts[0]),
        ])
      case "P12_BASE64":
        let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
        try files.export(to: home.file("secret.p12"), passphrase: parts[1])
        environment[parts[0]] = try Data(contentsOf: URL(fileURLWithPath: home.file("secret.p12")))
          .base64EncodedString()
      default: environment[name] = value
      }
    }
    try FileManager.default.copyItem(atPath: files.path("cert.cer"), toPath: home.file("cert.cer"))
    var failed: [String] = []
    for line in script.lines {
      let result = try ExternalCommand.run(
        "/bin/bash", ["-c", "cd \"$HOME\" && " + line, "script"] + script.arguments, environment: environment,
        timeout: .seconds(60))
      if !result.succeeded { failed.append("\(line): \(result)") }
    }
    #expect(failed.isEmpty, "\(script.lines.count - failed.count) of \(script.lines.count) passed")
  }
}

extension SigningIdentityFiles {
  /// The identity and its CA as a `-legacy` PKCS#12 file at `path` with `passphrase` (as macOS exports it).
  func export(to path: String, passphrase: String) throws {
    try openssl([
      "pkcs12", "-export", "-legacy", "-inkey", "key.pem", "-in", "cert.pem", "-certfile", "ca.pem", "-passout",
      "pass:" + passphrase, "-out", path,
    ])
  }
}
