/// One command of macOS's `security`.
struct CommandEntry: Sendable {
  /// The full name (`find-generic-password`).
  let name: String
  /// Usage and summary; nil for a command this tool does not implement.
  let text: CommandUsage.Text?
  /// The implementation: arguments after the command name → result. Nil for `help` (the runner's own) and for
  /// commands this tool does not implement.
  let run: (@Sendable ([String], CommandContext) -> CommandResult)?
}

/// macOS's command table (`commands` in `SecurityTool/macOS/security.c`), in macOS's order, which matters: a
/// command is chosen by prefix and the first entry whose name starts with what was typed wins (`security find`
/// runs find-generic-password, `security lo` login-keychain). Commands this tool does not have are listed by name
/// only, so that an abbreviation never runs a different command than on a Mac; running one answers as macOS answers
/// a command it does not know (`security: unknown command "…"`, exit status 1).
enum CommandTable {
  static let entries: [CommandEntry] =
    [
      CommandEntry(name: "help", text: CommandUsage.help, run: nil),
      CommandEntry(name: "list-keychains", text: CommandUsage.listKeychains, run: KeychainListCommands.listKeychains),
      unavailable("list-smartcards"),
      CommandEntry(
        name: "default-keychain", text: CommandUsage.defaultKeychain, run: KeychainListCommands.defaultKeychain),
      unavailable("login-keychain"),
      CommandEntry(
        name: "create-keychain", text: CommandUsage.createKeychain, run: KeychainFileCommands.createKeychain),
      CommandEntry(
        name: "delete-keychain", text: CommandUsage.deleteKeychain, run: KeychainFileCommands.deleteKeychain),
      CommandEntry(name: "lock-keychain", text: CommandUsage.lockKeychain, run: KeychainLockCommands.lockKeychain),
      CommandEntry(
        name: "unlock-keychain", text: CommandUsage.unlockKeychain, run: KeychainLockCommands.unlockKeychain),
      CommandEntry(
        name: "set-keychain-settings", text: CommandUsage.setKeychainSettings,
        run: KeychainSettingsCommands.setKeychainSettings),
      CommandEntry(
        name: "set-keychain-password", text: CommandUsage.setKeychainPassword,
        run: KeychainSettingsCommands.setKeychainPassword),
      CommandEntry(
        name: "show-keychain-info", text: CommandUsage.showKeychainInfo, run: ShowKeychainInfoCommand.run),
      CommandEntry(name: "dump-keychain", text: CommandUsage.dumpKeychain, run: DumpKeychainCommand.run),
      unavailable("create-keypair"),
      CommandEntry(
        name: "add-generic-password", text: CommandUsage.addGenericPassword,
        run: { AddPasswordCommand.run(.generic, $0, $1) }),
      CommandEntry(
        name: "add-internet-password", text: CommandUsage.addInternetPassword,
        run: { AddPasswordCommand.run(.internet, $0, $1) }),
      CommandEntry(
        name: "add-certificates", text: CommandUsage.addCertificates, run: CertificateCommands.addCertificates),
      CommandEntry(
        name: "find-generic-password", text: CommandUsage.findGenericPassword,
        run: { FindPasswordCommand.run(.generic, $0, $1) }),
      CommandEntry(
        name: "delete-generic-password", text: CommandUsage.deleteGenericPassword,
        run: { DeletePasswordCommand.run(.generic, $0, $1) }),
      unavailable("set-generic-password-partition-list"),
      CommandEntry(
        name: "find-internet-password", text: CommandUsage.findInternetPassword,
        run: { FindPasswordCommand.run(.internet, $0, $1) }),
      CommandEntry(
        name: "delete-internet-password", text: CommandUsage.deleteInternetPassword,
        run: { DeletePasswordCommand.run(.internet, $0, $1) }),
    ] + otherCommands.map(unavailable) + certificateCommands + remainingCommands.map(unavailable) + trustCommands
    + laterCommands.map(unavailable) + ownCommands

  /// Commands of this tool that macOS's lacks, after all of macOS's so that every macOS abbreviation keeps its
  /// meaning.
  private static let ownCommands = [
    CommandEntry(name: "polkit-action", text: CommandUsage.polkitAction, run: PolkitActionCommand.run),
    CommandEntry(
      name: "copy-items", text: CommandUsage.copyItems, run: { CopyItemsCommand.run(move: false, $0, $1) }),
    CommandEntry(
      name: "move-items", text: CommandUsage.moveItems, run: { CopyItemsCommand.run(move: true, $0, $1) }),
  ]

  /// The rest of macOS's commands, in its order (certificates, keys, identities, trust settings, authorization,
  /// smart cards, …).
  private static let otherCommands = [
    "set-internet-password-partition-list", "find-key",
  ]

  /// The certificate, identity and import/export commands, in macOS's order after `find-key`.
  private static let certificateCommands = [
    CommandEntry(
      name: "set-key-partition-list", text: CommandUsage.setKeyPartitionList, run: KeyPartitionListCommand.run),
    CommandEntry(
      name: "find-certificate", text: CommandUsage.findCertificate, run: CertificateCommands.findCertificate),
    CommandEntry(name: "find-identity", text: CommandUsage.findIdentity, run: FindIdentityCommand.run),
    CommandEntry(
      name: "delete-certificate", text: CommandUsage.deleteCertificate, run: CertificateCommands.deleteCertificate),
    CommandEntry(
      name: "delete-identity", text: CommandUsage.deleteIdentity, run: CertificateCommands.deleteIdentity),
    unavailable("set-identity-preference"), unavailable("get-identity-preference"), unavailable("create-db"),
    CommandEntry(name: "export", text: CommandUsage.export, run: ImportExportCommands.exportItems),
    CommandEntry(name: "import", text: CommandUsage.importItems, run: ImportExportCommands.importItems),
  ]

  /// macOS's commands after `import` up to the trust settings commands, in its order.
  private static let remainingCommands = ["export-smartcard", "cms", "install-mds"]

  /// The trust settings commands, in macOS's order after `install-mds`.
  private static let trustCommands = [
    CommandEntry(
      name: "add-trusted-cert", text: CommandUsage.addTrustedCert, run: TrustSettingsCommands.addTrustedCert),
    CommandEntry(
      name: "remove-trusted-cert", text: CommandUsage.removeTrustedCert, run: TrustSettingsCommands.removeTrustedCert),
    CommandEntry(
      name: "dump-trust-settings", text: CommandUsage.dumpTrustSettings, run: TrustSettingsCommands.dumpTrustSettings),
  ]

  /// The rest of macOS's commands after `dump-trust-settings`, in its order.
  private static let laterCommands = [
    "user-trust-settings-enable", "trust-settings-export",
    "trust-settings-import", "verify-cert", "authorize", "authorizationdb", "execute-with-privileges", "leaks",
    "error", "create-filevaultmaster-keychain", "smartcards", "translocate-policy-check",
    "translocate-status-check", "translocate-original-path", "requirement-evaluate", "filevault", "platformsso",
  ]

  private static func unavailable(_ name: String) -> CommandEntry {
    CommandEntry(name: name, text: nil, run: nil)
  }

  /// macOS's `match_command`: the first command whose name starts with `typed`.
  static func match(_ typed: String) -> CommandEntry? {
    entries.first { $0.name.utf8.starts(with: typed.utf8) }
  }
}
