internal import CLibSecret
internal import CLibSecretShims
import Foundation
import GLibValues

/// KWallet: kwalletd5, kwalletd6, or from KWallet 6.14 `ksecretd` (`KWalletInterface`).
///
/// - Session: its encrypted sessions fail about 1 % of the time before KWallet 6.25, some silently with wrong bytes,
///   and which version runs cannot be told over D-Bus, so the handle opens a `plain` session itself
///   (`SessionTransport`).
/// - Writes: a locked KWallet accepts `SetSecret` (and erases the secret), `Delete` and property changes, which
///   gnome-keyring refuses with IsLocked; they are refused here first. (A lock between the check and the write is not
///   caught.) It moves `Modified` on label and secret changes only: an attribute change is followed by setting the
///   label to itself.
/// - `GetSecrets` returns locked items with an empty secret instead of leaving them out: the items of locked wallets
///   are left out of the request, and an empty secret is checked against its wallet's `Locked` again (closed
///   meanwhile: left out). So it is not sent together with property reads.
/// - Labels: see `storedLabel`.
/// - Unlocking: see `needsUnlock`.
struct KWalletAdapter: ProviderAdapter {
  /// Where the daemon that provides the service serves `org.kde.KWallet` (`KWalletInterface.path(forMarker:)`).
  let interfacePath: ObjectPath

  var opensOwnPlainSession: Bool { true }

  var sendsGetSecretsWithPropertyReads: Bool { false }

  func refuseWriteIfLocked(_ item: ObjectPath, call: String, on handle: ServiceHandle, _ deadline: Deadline)
    throws(CallFailure)
  {
    if try handle.isLocked(item, interface: ItemInterface.name, deadline) {
      throw CallFailure(call: call, cause: .locked, message: "the item is locked")
    }
  }

  /// The items of `paths` whose collection is locked (KWallet locks whole wallets).
  func lockedItemsGetSecretsWouldEmpty(_ paths: [ObjectPath], on handle: ServiceHandle, _ deadline: Deadline)
    throws(CallFailure) -> Set<ObjectPath>
  {
    var lockedCollections: Set<ObjectPath> = []
    var checked: Set<ObjectPath> = []
    for collection in paths.map(\.collection) where checked.insert(collection).inserted {
      do {
        if try handle.isLocked(collection, interface: CollectionInterface.name, deadline) {
          lockedCollections.insert(collection)
        }
      } catch  where error.error?.meansNoSuchObject == true || error.error?.meansInvalidArguments == true {
        continue  // not a collection: GetSecrets reports the item
      }
    }
    return Set(paths.filter { lockedCollections.contains($0.collection) })
  }

  /// Sets the item's label to the label it has, which moves its `Modified` time (KWallet leaves `Modified` alone
  /// when only attributes change). The label stays the same, as does its folder; KWallet files the entry under a
  /// new key (`label__N_`), which nobody sees.
  func attributesWereSet(_ item: ObjectPath, on handle: ServiceHandle, _ deadline: Deadline) throws(CallFailure) {
    let reply = try handle.call(
      PropertiesInterface.get(item, interface: ItemInterface.name, property: "Label"), deadline)
    guard let label = try PropertiesInterface.getReply(reply).string else {
      throw CallFailure(call: "\(PropertiesInterface.name).Get", cause: .other, message: "Label is not s")
    }
    _ = try handle.call(
      PropertiesInterface.set(
        item, interface: ItemInterface.name, property: "Label", value: VariantBuilder.string(label)),
      deadline)
  }

  // MARK: - Labels

  /// What KWallet stores for an empty label, which it refuses ("Item label is invalid").
  static let emptyLabel = "(no label)"
  /// What KWallet stores for `/` in a label: U+2215 DIVISION SLASH. KWallet keys its entries by label and reads a
  /// `/` as a folder separator: `dir/x` goes to folder `dir`, a label starting with `Secret Service/` loses that
  /// prefix when read back, and renaming a text item into another folder corrupts its secret.
  static let slash = "\u{2215}"
  /// What KWallet gets after a label ending in `__<digits>_` (U+2060 WORD JOINER, invisible): KWallet names the
  /// entries of same-label items `label__0_`, `label__1_`, … and reads any key of that shape back without the
  /// suffix, so the label `x__0_` of a first item would read back as `x`.
  static let suffixGuard = "\u{2060}"

  /// An empty label becomes `emptyLabel`, every `/` becomes `slash`, and a label ending like KWallet's copy numbers
  /// gets `suffixGuard`.
  func storedLabel(_ label: String) -> String {
    if label.isEmpty { return Self.emptyLabel }
    let stored = label.replacingOccurrences(of: "/", with: Self.slash)
    return Self.endsLikeCopyNumber(stored) ? stored + Self.suffixGuard : stored
  }

  /// A label that really is `(no label)` reads back empty and U+2215 reads back as `/` (also in other clients'
  /// labels).
  func readLabel(_ stored: String) -> String {
    if stored == Self.emptyLabel { return "" }
    var scalars = stored.unicodeScalars
    if scalars.last == "\u{2060}", Self.endsLikeCopyNumber(String(scalars.dropLast())) { scalars.removeLast() }
    return String(scalars).replacingOccurrences(of: Self.slash, with: "/")
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

  // MARK: - Unlocking

  /// False when no object of `paths` reads `Locked` (read with `try`: a missing object is `.notFound`, a stopped
  /// daemon `.timedOut`). Otherwise: a wallet that is open (at login through PAM) still reports `Locked` until a
  /// client unlocks it, through a prompt that completes at once without a dialog: when every wallet is open that
  /// prompt may run even with `.refused`. A closed wallet asks for its password in a dialog: with `.refused` the call
  /// fails at once with `.locked`, without asking; when kwalletd cannot show dialogs
  /// (`ServiceHandle.providerIsHeadless`) it fails at once with `.promptDismissed`, as gnome-keyring's headless
  /// prompts are dismissed, instead of waiting out the deadline for a dialog nobody can see (which would also block
  /// KWallet's PAM unlock until the daemon restarts).
  func needsUnlock(
    _ paths: [ObjectPath], ui: UIPolicy, call: String, on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) -> Bool {
    var anyLocked = false
    for path in paths where try handle.isLocked(path, interface: path.interface, deadline) {
      anyLocked = true
    }
    if !anyLocked { return false }
    let collections = Set(paths.map(\.collection))
    if collections.allSatisfy({ walletIsOpen($0, on: handle, deadline) == true }) {
      ssc_cancellable_allow_prompts(deadline.cancellable)  // transfer none; the prompt shows no dialog
    } else if ui == .refused {
      throw CallFailure(call: call, cause: .locked, message: "the wallet is closed and prompts are not allowed")
    } else if handle.providerIsHeadless(deadline) {
      throw CallFailure(
        call: call, cause: .promptDismissed, message: "the wallet is closed and KWallet cannot show its dialog")
    }
    if deadline.isExpired { throw CallFailure(call: call, cause: .timedOut, message: "the deadline passed") }
    return true
  }

  /// Whether the wallet behind `collection` is open (`org.kde.KWallet.isOpen(label)`). An open wallet whose
  /// collection still says `Locked` (opened at login through PAM) unlocks through a prompt that completes at once,
  /// without a dialog; a closed one asks for its password in a dialog. Asked of the daemon that holds our session
  /// (`ServiceHandle.busName`, its unique name: `opensOwnPlainSession`) at `interfacePath`: on KWallet 6.14 and later
  /// the kwalletd names belong to a compatibility process that knows only the wallets it opened
  /// (`KWalletInterface`). Nil when it cannot be told (from 6.29 `ksecretd` serves no `isOpen`): the caller then
  /// takes the wallet for closed.
  func walletIsOpen(_ collection: ObjectPath, on handle: ServiceHandle, _ deadline: Deadline) -> Bool? {
    guard
      let reply = try? handle.call(
        PropertiesInterface.get(collection, interface: CollectionInterface.name, property: "Label"), deadline),
      let wallet = try? PropertiesInterface.getReply(reply).string,
      let reply = try? handle.call(
        KWalletInterface.isOpen(wallet, path: interfacePath), deadline)
    else { return nil }
    return KWalletInterface.isOpenReply(reply)
  }
}

extension GLibError {
  /// `org.freedesktop.DBus.Error.InvalidArgs`: what KWallet answers for an unknown item in `GetSecrets` ("Can't find
  /// item at path …") and for objects that cannot be locked.
  var meansInvalidArguments: Bool { isDBus(G_DBUS_ERROR_INVALID_ARGS) }
}
