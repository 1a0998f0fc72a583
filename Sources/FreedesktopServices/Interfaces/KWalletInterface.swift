internal import CLibSecret
internal import CLibSecretShims
import GLibValues

/// `org.kde.KWallet`, KWallet's own interface beside the Secret Service: the message this package sends to it.
///
/// Who serves it depends on the version (KDE/kwallet's sources): up to 6.13 (KF5 included) the daemon that owns
/// `org.freedesktop.secrets` also owns `org.kde.kwalletd5` (and `kwalletd6`) and serves the interface at
/// `/modules/kwalletd5` (and `/modules/kwalletd6`). From 6.14 `ksecretd` owns `org.freedesktop.secrets` and
/// `org.kde.ksecretd` and serves it at `/ksecretd`, while the kwalletd names belong to a separate compatibility
/// process whose `isOpen` knows only the wallets it opened itself; from 6.29 `ksecretd` no longer serves it at all.
/// So the call goes to the process that owns the Secret Service, at the path of the marker name it was detected by
/// (`ServiceProvider.detect`), never to a well-known kwalletd name.
enum KWalletInterface {
  static let name = "org.kde.KWallet"

  /// The daemons that may provide the Secret Service: the bus name each owns beside it (a marker of `ServiceProvider`)
  /// and the object path at which it serves this interface, oldest first. Detection takes the first name the provider
  /// owns: kwalletd6 up to 6.13 owns both kwalletd names and serves both paths.
  static let daemons: [(busName: String, path: ObjectPath)] = [
    ("org.kde.kwalletd5", "/modules/kwalletd5"), ("org.kde.kwalletd6", "/modules/kwalletd6"),
    ("org.kde.ksecretd", "/ksecretd"),
  ]

  /// The object path of the interface on the daemon that owns `marker`; kwalletd5's for a name not in `daemons`.
  static func path(forMarker marker: String?) -> ObjectPath {
    daemons.first { $0.busName == marker }?.path ?? daemons[0].path
  }

  /// `isOpen(s wallet) -> (b open)` to the daemon that provides the service (`ServiceHandle.busName`: on KWallet the
  /// unique name of the daemon holding the session) at `path`.
  static func isOpen(_ wallet: String, path: ObjectPath) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "isOpen", replyType: "(b)") {
      VariantBuilder.tuple([VariantBuilder.string(wallet)])
    }
  }

  /// The answer of an `isOpen` reply; nil when malformed.
  static func isOpenReply(_ reply: borrowing OwnedVariant) -> Bool? { reply.child(0).bool }
}

/// The KWallet API's own calls (`org.kde.KWallet`, kwalletd's `kwalletd.h`): its wallets hold folders of entries
/// (password, stream or map), opened by a handle that `open` gives to an application (`appid`).
extension KWalletInterface {
  /// `networkWallet() -> (s)`: the wallet KDE's clients (Python keyring, qtkeychain) use.
  static func networkWallet(path: ObjectPath) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "networkWallet", replyType: "(s)") { nil }
  }

  /// `isOpen(i handle) -> (b)`: whether a handle still opens its wallet.
  static func isOpen(handle: Int32, path: ObjectPath) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "isOpen", replyType: "(b)") {
      VariantBuilder.tuple([VariantBuilder.int32(handle)])
    }
  }

  /// `open(s wallet, x wId, s appid) -> (i handle)`: a handle, -1 when refused. On a closed wallet it asks for the
  /// wallet's password in a dialog; it is only sent for an open one.
  static func open(_ wallet: String, appid: String, path: ObjectPath) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "open", replyType: "(i)") {
      VariantBuilder.tuple([VariantBuilder.string(wallet), VariantBuilder.int64(0), VariantBuilder.string(appid)])
    }
  }

  /// `folderList(i handle, s appid) -> (as)`.
  static func folderList(_ handle: Int32, appid: String, path: ObjectPath) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "folderList", replyType: "(as)") {
      VariantBuilder.tuple([VariantBuilder.int32(handle), VariantBuilder.string(appid)])
    }
  }

  /// `entryList(i handle, s folder, s appid) -> (as)`: empty for a folder that does not exist.
  static func entryList(_ handle: Int32, folder: String, appid: String, path: ObjectPath) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "entryList", replyType: "(as)") {
      VariantBuilder.tuple([VariantBuilder.int32(handle), VariantBuilder.string(folder), VariantBuilder.string(appid)])
    }
  }

  /// A call on one entry, `method(i handle, s folder, s key, s appid)`: `entryType -> (i)` (0 none, 1 password,
  /// 2 stream, 3 map), `readPassword -> (s)`, `readEntry -> (ay)`, `removeEntry -> (i)`.
  static func entryCall(
    _ method: String, replyType: StaticString, _ handle: Int32, folder: String, key: String, appid: String,
    path: ObjectPath
  ) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: method, replyType: replyType) {
      VariantBuilder.tuple([
        VariantBuilder.int32(handle), VariantBuilder.string(folder), VariantBuilder.string(key),
        VariantBuilder.string(appid),
      ])
    }
  }
}

/// The KWallet API's writes (kwalletd's `kwalletd.h`), for a wallet without a Secret Service (`KWalletAPIConnection`).
extension KWalletInterface {
  /// `createFolder(i handle, s folder, s appid) -> (b)`: true when it was made or exists.
  static func createFolder(_ handle: Int32, folder: String, appid: String, path: ObjectPath) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "createFolder", replyType: "(b)") {
      VariantBuilder.tuple([VariantBuilder.int32(handle), VariantBuilder.string(folder), VariantBuilder.string(appid)])
    }
  }

  /// `writePassword(i handle, s folder, s key, s value, s appid) -> (i)`: 0 when written. `value` must be UTF-8
  /// without NUL; it is sent from its wiped-on-release buffer.
  static func writePassword(
    _ handle: Int32, folder: String, key: String, value: SecretBytes, appid: String, path: ObjectPath
  ) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "writePassword", replyType: "(i)") {
      VariantBuilder.tuple([
        VariantBuilder.int32(handle), VariantBuilder.string(folder), VariantBuilder.string(key),
        secretVariant(value, asString: true), VariantBuilder.string(appid),
      ])
    }
  }

  /// `writeEntry(i handle, s folder, s key, ay value, i entryType, s appid) -> (i)` with type 2 (a stream): 0 when
  /// written.
  static func writeStream(
    _ handle: Int32, folder: String, key: String, value: SecretBytes, appid: String, path: ObjectPath
  ) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "writeEntry", replyType: "(i)") {
      VariantBuilder.tuple([
        VariantBuilder.int32(handle), VariantBuilder.string(folder), VariantBuilder.string(key),
        secretVariant(value, asString: false), VariantBuilder.int32(KWalletEntryType.stream),
        VariantBuilder.string(appid),
      ])
    }
  }

  /// `renameEntry(i handle, s folder, s oldName, s newName, s appid) -> (i)`: 0 when renamed.
  static func renameEntry(
    _ handle: Int32, folder: String, oldName: String, newName: String, appid: String, path: ObjectPath
  ) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "renameEntry", replyType: "(i)") {
      VariantBuilder.tuple([
        VariantBuilder.int32(handle), VariantBuilder.string(folder), VariantBuilder.string(oldName),
        VariantBuilder.string(newName), VariantBuilder.string(appid),
      ])
    }
  }

  /// The bytes of `secret` as an `s` or an `ay`, borrowing a wiped-on-release copy. Returns: (transfer floating).
  private static func secretVariant(_ secret: SecretBytes, asString: Bool) -> OpaquePointer {
    let value = secret.withUnsafeBytes { bytes in
      ssc_secret_value_new_wiping(bytes.baseAddress, gsize(bytes.count), "text/plain")!  // transfer full
    }
    defer { secret_value_unref(UnsafeMutableRawPointer(value)) }  // ours; the variant holds its own reference
    return ssc_variant_new_secret_bytes(value, asString ? 1 : 0)  // transfer floating
  }
}
