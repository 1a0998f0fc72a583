import Foundation
import KeychainServices

// Add, or overwrite the item with the same primary key (server, account, protocol, …); then find it with a typed
// query: typed attributes, and the secret only when asked for.
func storeAndRead() throws {
  try InternetPassword.upsert(
    InternetPassword(server: "example.com", account: "alice", secret: Data("s3cret".utf8), protocol: .https))
  if let found = try InternetPassword.find(.init(server: "example.com", protocol: .https), includingSecret: true) {
    print(found.account ?? "", found.port ?? 0, String(decoding: found.secret ?? Data(), as: UTF8.self))
  }
}

// In async code the same names are the async variants: off Swift's cooperative thread pool, cancellable.
func listAndClear() async throws -> [String] {
  try await GenericPassword.add(
    GenericPassword(service: "com.example.app", account: "alice", secret: Data("t0ken".utf8)))
  let accounts = try await GenericPassword.findAll(.init(service: "com.example.app")).compactMap(\.account)
  do {
    try await GenericPassword.delete(matching: .init(service: "com.example.app"))
  } catch KeychainError.itemNotFound {
    print("nothing to delete")
  }
  return accounts
}
