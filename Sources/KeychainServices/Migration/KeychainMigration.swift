import KeychainFiles
import Security

/// Copies or moves this application's items from one keychain to another: a Secret Service collection (GNOME
/// Keyring's `login`, a KeePassXC database, a KWallet wallet), libsecret's keyring file (a Flatpak's store), or a
/// keychain file.
///
/// Items are copied as they are stored: their attributes (those of other clients too, such as secret-tool's or Python
/// keyring's), label, access group, access control and secret, so that every client finds the copy by the same
/// attributes. The creation and modification dates are the target's own: neither the Secret Service nor the keyring
/// file takes them from a client.
///
/// ```swift
/// var migration = KeychainMigration(from: .secretService, to: .keychainFile(path: serverKeychain))
/// migration.service = "com.example.sync"
/// let planned = try migration.dryRun()  // what would be copied, nothing written
/// let done = try migration.move()  // copied, checked in the target, then deleted from the source
/// ```
///
/// The source is read in one batch; each item is written to the target under its write lock; a move reads the
/// written items back from the target and deletes a source item only when the target returned an identical copy.
/// A run interrupted at any point (killed, the daemon gone, a full disk) is finished by running it again: an item the
/// target already holds identically is ``Outcome/alreadyInTarget`` (and, for a move, deleted from the source), so
/// nothing is lost and nothing doubled.
///
/// The calls block until the run ends; every store call in it is bounded by the store's deadline, and a prompt (an
/// unlock, or the user's authentication for items whose access control needs it) by the prompt's.
public struct KeychainMigration: Sendable {
  /// A keychain to copy from or to.
  public struct Keychain: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
      case name(String)
      case path(String)
      case currentStore
      case secretService
    }

    let kind: Kind

    /// The keychain a name means, as the `security` tool resolves it: a collection's object path
    /// (`/org/freedesktop/secrets/collection/login`), an absolute path of a keychain file or of libsecret's keyring
    /// file, a keychain file in the user's keychains folder (`build.keychain`), or a collection's name (`login`: the
    /// default collection when none is called so).
    public static func named(_ name: String) -> Keychain { Keychain(kind: .name(name)) }

    /// The keychain file at `path` (unlocked beforehand, as by `security unlock-keychain`).
    public static func keychainFile(path: String) -> Keychain { Keychain(kind: .path(path)) }

    /// libsecret's keyring file at `path`. When it is the keyring file this process's SecItem calls use (in a
    /// Flatpak or Snap, its `default.keyring`: ``currentStore``), its key is that store's (the Secret portal's);
    /// any other keyring file is opened, as a keychain file, with the key its unlock kept
    /// (`security unlock-keychain -p PASSWORD PATH`).
    public static func keyringFile(path: String) -> Keychain { Keychain(kind: .path(path)) }

    /// The keychain new items of this process go to: the keyring file in a Flatpak or Snap (or with
    /// `SECRET_BACKEND=file`), else the Secret Service's default collection.
    public static var currentStore: Keychain { Keychain(kind: .currentStore) }

    /// The Secret Service's default collection (its `default` alias: GNOME Keyring's `login`), whatever store this
    /// process's SecItem calls use: in a Flatpak that holds `--talk-name=org.freedesktop.secrets`, the user's
    /// keyring outside the sandbox.
    public static var secretService: Keychain { Keychain(kind: .secretService) }

    func resolved() throws(KeychainError) -> KeychainID {
      do throws(SecItemError) {
        switch kind {
        case .name(let name): return try KeychainOperations.open(name)
        case .path(let path): return .file(path)
        case .currentStore: return try ItemMigration.currentStoreKeychain()
        case .secretService: return try ItemMigration.secretServiceDefaultCollection()
        }
      } catch {
        throw KeychainError(status: error.status)
      }
    }
  }

  /// What happens to an item whose primary key the target already holds with other contents (an identical item is
  /// never written twice: ``Outcome/alreadyInTarget``).
  public enum Duplicates: Sendable, Hashable {
    /// Both items stay as they are (``Outcome/skippedDuplicate``; a move keeps the source's).
    case skip
    /// The source's item is written over the target's.
    case replace
    /// Both stay, and the item is ``Outcome/failed(_:)`` with `errSecDuplicateItem`.
    case report
  }

  /// What happened to one item (in a dry run: what would happen).
  public enum Outcome: Sendable, Hashable {
    /// Written to the target (for a move, then deleted from the source).
    case copied
    /// Written over the target's item of the same primary key.
    case replaced
    /// The target held an identical item already (an earlier, interrupted run wrote it); a move deleted the
    /// source's.
    case alreadyInTarget
    /// The target holds an item of the same primary key with other contents; both were left.
    case skippedDuplicate
    /// Not copied, or for a move not deleted from the source, with the status (`errSecIO` when the copy did not read
    /// back identical from the target).
    case failed(OSStatus)
  }

  /// One item of a run: what names it (never its secret) and its outcome.
  public struct Item: Sendable, Hashable {
    /// Its class, a `kSecClass` value (`genp`, `inet`, `keys`, `cert`).
    public let itemClass: String
    public let label: String
    /// Its service (generic passwords) or server (internet passwords).
    public let service: String?
    public let account: String?
    public let accessGroup: String?
    public let outcome: Outcome
  }

  public var source: Keychain
  public var target: Keychain
  /// The classes copied, as `kSecClass` values; empty (the default): passwords, keys and certificates.
  public var itemClasses: [String] = []
  /// The `kSecAttrService` (for internet passwords, `kSecAttrServer`) the items must have; nil: any. Keys and
  /// certificates, which have neither, are then left out.
  public var service: String?
  /// The `kSecAttrAccount` the items must have; nil: any.
  public var account: String?
  /// The access group the items must be in; nil: any of the application's (``KeychainApplication``), and, with
  /// ``includesOtherClientsItems``, other clients' items, which have none.
  public var accessGroup: String?
  /// Whether items of other clients (which have no access group: secret-tool's, Python keyring's, a browser's) are
  /// copied too. False by default: a migration takes only this application's own items, those `SecItemUpdate` and
  /// `SecItemDelete` reach, so that a move never takes another application's secrets away from it.
  public var includesOtherClientsItems = false
  /// More attributes the items must hold, by `kSecAttr…` key, as strings.
  public var attributes: [String: String] = [:]
  public var duplicates: Duplicates = .skip
  /// Whether a locked keychain, or an item whose access control needs the user, may prompt, as SecItem's
  /// `kSecUseAuthenticationUIAllow` (the default); false fails with `errSecInteractionNotAllowed` instead, as
  /// `kSecUseAuthenticationUIFail`.
  public var allowsAuthenticationUI = true

  /// A migration of every item of this application from `source` to `target`.
  public init(from source: Keychain, to target: Keychain) {
    self.source = source
    self.target = target
  }

  /// What ``copy()`` would do, item by item; nothing is written.
  public func dryRun() throws(KeychainError) -> [Item] { try run(move: false, dryRun: true) }

  /// Copies the items; the source keeps them.
  public func copy() throws(KeychainError) -> [Item] { try run(move: false, dryRun: false) }

  /// Copies the items, reads them back from the target, and deletes from the source those the target returned
  /// identical (``Outcome/copied``, ``Outcome/replaced``, ``Outcome/alreadyInTarget``).
  public func move() throws(KeychainError) -> [Item] { try run(move: true, dryRun: false) }

  private func run(move: Bool, dryRun: Bool) throws(KeychainError) -> [Item] {
    var request = ItemMigration.Request(source: try source.resolved(), target: try target.resolved())
    request.classes = itemClasses
    request.attributes = attributes
    request.service = service
    if let account { request.attributes[kSecAttrAccount as String] = account }
    request.accessGroup = accessGroup
    request.includesOtherClients = includesOtherClientsItems
    request.move = move
    request.dryRun = dryRun
    request.duplicates =
      switch duplicates {
      case .skip: .skip
      case .replace: .replace
      case .report: .report
      }
    request.allowsPrompts = allowsAuthenticationUI
    do throws(SecItemError) {
      return try ItemMigration.run(request).map(Item.init)
    } catch {
      throw KeychainError(status: error.status)
    }
  }
}

extension KeychainMigration.Item {
  init(_ report: ItemMigration.ItemReport) {
    itemClass = report.itemClass
    label = report.label
    service = report.service
    account = report.account
    accessGroup = report.accessGroup
    outcome =
      switch report.outcome {
      case .copied: .copied
      case .replaced: .replaced
      case .alreadyInTarget: .alreadyInTarget
      case .skippedDuplicate: .skippedDuplicate
      case .failed(let status): .failed(status)
      }
  }
}
