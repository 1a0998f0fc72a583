internal import CLibSecret
import GLibValues

extension SecretServiceConnection {
  /// Replaces an item's whole attribute set. A vanished item is `.notFound`, a locked one `.locked`.
  ///
  /// KWallet: refused while the item is locked (KWallet would apply it), and followed by setting the item's label
  /// to itself, because KWallet moves `Modified` on label and secret changes only. KeePassXC: the attributes the
  /// item loses are sent as removed (`ServiceHandle.attributesReplacing`), because KeePassXC merges.
  package func setAttributes(_ item: ObjectPath, _ attributes: [String: String]) throws(SecretServiceError) {
    let call = "\(PropertiesInterface.name).Set"
    try Validation.path(item, call: call)
    try Validation.attributes(attributes, call: call)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try handle.checkStorableOnKeePassXC(label: nil, attributes: attributes, call: call)
      try handle.refuseIfLockedOnKWallet(item, call: call, deadline)
      do throws(CallFailure) {
        let sent = try handle.attributesReplacing(item, with: attributes, deadline)
        _ = try handle.call(
          PropertiesInterface.set(
            item, interface: ItemInterface.name, property: "Attributes", value: VariantBuilder.stringDictionary(sent)),
          deadline)
      } catch {
        throw handle.lockedInsteadOfMissing(error, item: item, deadline)
      }
      if handle.isKWallet { try handle.touchOnKWallet(item, deadline) }
    }
  }

  /// Sets an item's label. A vanished item is `.notFound`, a locked one `.locked` (on KWallet too). On KWallet
  /// the label is stored as `ServiceHandle.storedLabel` says.
  package func setLabel(_ item: ObjectPath, _ label: String) throws(SecretServiceError) {
    let call = "\(PropertiesInterface.name).Set"
    try Validation.path(item, call: call)
    try Validation.text(label, "the label", call: call)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try handle.checkStorableOnKeePassXC(label: label, attributes: nil, call: call)
      try handle.refuseIfLockedOnKWallet(item, call: call, deadline)
      do throws(CallFailure) {
        _ = try handle.call(
          PropertiesInterface.set(
            item, interface: ItemInterface.name, property: "Label",
            value: VariantBuilder.string(handle.storedLabel(label))), deadline)
      } catch {
        throw handle.lockedInsteadOfMissing(error, item: item, deadline)
      }
    }
  }

  /// Replaces an item's secret (`Item.SetSecret` with the secret encoded for our session; no item proxy). The
  /// content type follows the same rule as `createItem`. A locked item is `.locked` (on KWallet too, where
  /// `SetSecret` on a locked item would erase its secret, and on KeePassXC, where it is hidden), a vanished one
  /// `.notFound`.
  package func setSecret(_ item: ObjectPath, _ secret: SecretBytes) throws(SecretServiceError) {
    let call = "\(ItemInterface.name).SetSecret"
    try Validation.path(item, call: call)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try handle.refuseIfLockedOnKWallet(item, call: call, deadline)
      let encoded = try handle.encodeSecret(secret)  // floating
      do throws(CallFailure) {
        _ = try handle.call(ItemInterface.setSecret(item, encodedSecret: encoded), deadline)
      } catch {
        throw handle.lockedInsteadOfMissing(error, item: item, deadline)
      }
    }
  }

  /// Deletes an item (`Item.Delete`, running the prompt the provider may return: `ServiceHandle.runOperationPrompt`).
  /// A vanished item is `.notFound`, a locked one `.locked` (on KWallet too, which would delete it, and on
  /// KeePassXC, where it is hidden).
  package func deleteItem(_ item: ObjectPath) throws(SecretServiceError) {
    let call = "\(ItemInterface.name).Delete"
    try Validation.path(item, call: call)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try handle.refuseIfLockedOnKWallet(item, call: call, deadline)
      let prompt: String
      do throws(CallFailure) {
        prompt = try ItemInterface.deleteReply(handle.call(ItemInterface.delete(item), deadline))
      } catch {
        throw handle.lockedInsteadOfMissing(error, item: item, deadline)
      }
      if prompt != Prompt.none { _ = try handle.runOperationPrompt(prompt, resultType: "*", call: call, deadline) }
    }
  }
}
