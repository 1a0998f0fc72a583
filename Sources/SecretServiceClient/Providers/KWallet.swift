internal import CLibSecret
internal import CLibSecretShims
import Foundation
import GLibValues

// What the handle does to make KWallet behave as the Secret Service specification (and gnome-keyring) does. Each
// quirk is measured in docs/backends.md.

extension ServiceHandle {
  /// Whether the provider is KWallet, whose quirks the calls below work around.
  var isKWallet: Bool { provider == .kwallet }

  /// KWallet: fails with `.locked` when the item is locked. A locked KWallet accepts `SetSecret` (and erases the
  /// secret), `Delete` and property changes; gnome-keyring refuses them with IsLocked, which this restores.
  /// Nothing is checked on other providers. (A lock between the check and the write is not caught.)
  func refuseIfLockedOnKWallet(_ item: ObjectPath, call: String, _ deadline: Deadline) throws(CallFailure) {
    guard isKWallet else { return }
    if try isLocked(item, interface: ItemInterface.name, deadline) {
      throw CallFailure(call: call, cause: .locked, message: "the item is locked")
    }
  }

  /// KWallet: the items of `paths` whose collection is locked (KWallet locks whole wallets). Its `GetSecrets` returns
  /// locked items with an empty secret instead of leaving them out. Empty on other providers.
  func lockedOnKWallet(_ paths: [ObjectPath], _ deadline: Deadline) throws(CallFailure) -> Set<ObjectPath> {
    guard isKWallet else { return [] }
    var lockedCollections: Set<ObjectPath> = []
    var checked: Set<ObjectPath> = []
    for collection in paths.map(\.collection) where checked.insert(collection).inserted {
      do {
        if try isLocked(collection, interface: CollectionInterface.name, deadline) {
          lockedCollections.insert(collection)
        }
      } catch  where error.error?.meansNoSuchObject == true || error.error?.meansInvalidArguments == true {
        continue  // not a collection: GetSecrets reports the item
      }
    }
    return Set(paths.filter { lockedCollections.contains($0.collection) })
  }

  /// KWallet: sets an item's label to the label it has, which moves its `Modified` time (KWallet leaves `Modified`
  /// alone when only attributes change). The label stays the same, as does its folder; KWallet files the entry
  /// under a new key (`label__N_`), which nobody sees.
  func touchOnKWallet(_ item: ObjectPath, _ deadline: Deadline) throws(CallFailure) {
    let reply = try call(PropertiesInterface.get(item, interface: ItemInterface.name, property: "Label"), deadline)
    guard let label = try PropertiesInterface.getReply(reply).string else {
      throw CallFailure(call: "\(PropertiesInterface.name).Get", cause: .other, message: "Label is not s")
    }
    _ = try call(
      PropertiesInterface.set(
        item, interface: ItemInterface.name, property: "Label", value: VariantBuilder.string(label)),
      deadline)
  }
}

// MARK: - Labels

extension ServiceHandle {
  /// What KWallet stores for an empty label, which it refuses ("Item label is invalid").
  static let kwalletEmptyLabel = "(no label)"
  /// What KWallet stores for `/` in a label: U+2215 DIVISION SLASH. KWallet keys its entries by label and reads a
  /// `/` as a folder separator: `dir/x` goes to folder `dir`, a label starting with `Secret Service/` loses that
  /// prefix when read back, and renaming a text item into another folder corrupts its secret.
  static let kwalletSlash = "\u{2215}"
  /// What KWallet gets after a label ending in `__<digits>_` (U+2060 WORD JOINER, invisible): KWallet names the
  /// entries of same-label items `label__0_`, `label__1_`, … and reads any key of that shape back without the
  /// suffix, so the label `x__0_` of a first item would read back as `x`.
  static let kwalletSuffixGuard = "\u{2060}"

  /// The label sent to the provider for `label`. KWallet: an empty label becomes `kwalletEmptyLabel`, every `/`
  /// becomes `kwalletSlash`, and a label ending like KWallet's copy numbers gets `kwalletSuffixGuard`; other
  /// providers get `label` unchanged.
  func storedLabel(_ label: String) -> String {
    guard isKWallet else { return label }
    if label.isEmpty { return Self.kwalletEmptyLabel }
    let stored = label.replacingOccurrences(of: "/", with: Self.kwalletSlash)
    return Self.endsLikeCopyNumber(stored) ? stored + Self.kwalletSuffixGuard : stored
  }

  /// The label callers see for a label read from the provider: the inverse of `storedLabel`. On KWallet a label
  /// that really is `(no label)` reads back empty and U+2215 reads back as `/` (also in other clients' labels).
  func readLabel(_ stored: String) -> String {
    guard isKWallet else { return stored }
    if stored == Self.kwalletEmptyLabel { return "" }
    var scalars = stored.unicodeScalars
    if scalars.last == "\u{2060}", Self.endsLikeCopyNumber(String(scalars.dropLast())) { scalars.removeLast() }
    return String(scalars).replacingOccurrences(of: Self.kwalletSlash, with: "/")
  }

  /// Whether `label` ends with `__<digits>_`, the shape of KWallet's copy numbers.
  static func endsLikeCopyNumber(_ label: String) -> Bool {
    let scalars = Array(label.unicodeScalars)
    guard scalars.last == "_" else { return false }
    var index = scalars.count - 2
    var digits = 0
    while index >= 0, ("0"..."9").contains(scalars[index]) {
      digits += 1
      index -= 1
    }
    return digits > 0 && index >= 1 && scalars[index] == "_" && scalars[index - 1] == "_"
  }
}

// MARK: - Unlocking

extension ServiceHandle {
  /// KWallet: whether the wallet behind `collection` is open (`org.kde.KWallet.isOpen(label)`). An open wallet whose
  /// collection still says `Locked` (opened at login through PAM) unlocks through a prompt that completes at once,
  /// without a dialog; a closed one asks for its password in a dialog. Nil when it cannot be told.
  func kwalletIsOpen(_ collection: ObjectPath, _ deadline: Deadline) -> Bool? {
    guard isKWallet else { return nil }
    guard
      let reply = try? call(
        PropertiesInterface.get(collection, interface: CollectionInterface.name, property: "Label"), deadline),
      let wallet = try? PropertiesInterface.getReply(reply).string
    else { return nil }
    for (name, path) in [("org.kde.kwalletd5", "/modules/kwalletd5"), ("org.kde.kwalletd6", "/modules/kwalletd6")] {
      let isOpen = DBusMethodCall(
        destination: .name(name), path: path, interface: "org.kde.KWallet", method: "isOpen", replyType: "(b)"
      ) {
        VariantBuilder.tuple([VariantBuilder.string(wallet)])
      }
      guard let reply = try? call(isOpen, deadline) else { continue }
      return reply.child(0).bool
    }
    return nil
  }
}

extension GLibError {
  /// `org.freedesktop.DBus.Error.InvalidArgs`: what KWallet answers for an unknown item in `GetSecrets` ("Can't find
  /// item at path …") and for objects that cannot be locked.
  var meansInvalidArguments: Bool { isDBus(G_DBUS_ERROR_INVALID_ARGS) }
}
