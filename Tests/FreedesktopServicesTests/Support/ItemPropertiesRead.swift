import Foundation

@testable import FreedesktopServices

extension SecretServiceConnection {
  /// Some properties of many items in one batch: one `Properties.Get` per item when one property other than the
  /// label is asked for (gnome-keyring looks an item up once per property it reads, in time linear in the keyring's
  /// size, so reading only `Attributes` costs about a fifth of `GetAll`), else one `Properties.GetAll` per item.
  /// `.all` reads label, attributes, times and lock state with one `GetAll` each. Items that vanished meanwhile are
  /// left out. (The engine reads properties with `read(_:_:secrets:)`; the tests read them alone.)
  func itemProperties(
    _ items: [ObjectPath], _ wanted: ItemPropertySet
  ) throws(SecretServiceError) -> [ObjectPath: ItemProperties] {
    try Validation.paths(items, call: "\(PropertiesInterface.name).Get")
    if items.isEmpty { return [:] }
    return try perform(.item) { (handle, deadline) throws(CallFailure) in
      let batch = handle.send(ItemPropertyReads.calls(items, wanted), deadline)
      return try ItemPropertyReads.replies(batch, items, wanted, handle: handle, deadline)
    }
  }
}
