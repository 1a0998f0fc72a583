import AppleStyleSwift6
import Foundation

// Runs the Apple-style code against the keyring of the session (`dbus/with-keyring` gives a throwaway one) and exits
// non-zero when anything behaves other than on Apple platforms.
let service = "keychain-demo-\(UUID().uuidString)"
var failures: [String] = []
do {
  let accounts = try tokenRoundTrip(service: service)
  if accounts != ["first", "second", "third"] { failures.append("allKeys order: \(accounts)") }
} catch {
  failures.append("token round trip: \(error)")
}
let internet = internetPasswordFlow(server: "\(service).example.com")
if internet != 0 { failures.append("internet password flow: \(internet)") }
do {
  if try !signingKeyFlow(tag: service) { failures.append("signing key flow did not verify") }
} catch {
  failures.append("signing key flow: \(error)")
}
if !accessControlAndRandom() { failures.append("access control or random bytes") }
let store = TokenStore(service: service)
let saved = await store.save("t0ken", account: "actor")
let read = await store.token(account: "actor")
if saved != 0 || read != "t0ken" { failures.append("actor store: \(saved) \(read ?? "nil")") }
let deleted = await deleteInBackground(service: service)
if deleted != 0 { failures.append("delete in a Sendable closure: \(deleted)") }

if failures.isEmpty {
  print("keychain-demo: Apple-style code behaved as on Apple platforms")
} else {
  for failure in failures { print("keychain-demo: FAILED \(failure)") }
  exit(1)
}
