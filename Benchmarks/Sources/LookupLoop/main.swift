import Foundation
import KeychainServices
import LibsecretBaseline

// One process that makes the same call many times, to profile where a call's CPU goes (`perf record`), beside the
// same call through libsecret's C API: the benchmarks measure how long a call takes, this shows where its time goes.
// Run inside a private keyring, after `swift build -c release --package-path Benchmarks --product LookupLoop`:
//
//   dbus/with-keyring perf record -F 5000 --call-graph dwarf,16384 -o /tmp/secitem.data -- \
//     Benchmarks/.build/release/LookupLoop secitem 3000
//   dbus/with-keyring perf record -F 5000 --call-graph dwarf,16384 -o /tmp/lookupv.data -- \
//     Benchmarks/.build/release/LookupLoop lookupv 3000
//   Benchmarks/Scripts/perf-frames.py /tmp/secitem.data 3000   # CPU per call, by function
//
// usage: LookupLoop fill ITEMS | fillfirst COUNT | secitem|lookupv|first|firstv|delete|clearv [CALLS]
//   fill:    makes the keyring hold ITEMS items of another client (stored through libsecret, as the benchmarks' fill
//            items) beside the process's own item (SecItemAdd); run it once before the others
//   secitem: SecItemCopyMatching of the process's own generic password by service and account, returning data
//   lookupv: secret_password_lookupv_sync of the same item
//   fillfirst: adds COUNT items of the process (accounts first-0, first-1, …; SecItemAdd, kept when present) for
//            the first lookups
//   first:   SecItemCopyMatching of CALLS of those items, each once: every lookup is the process's first of its item,
//            which no earlier search read ahead
//   firstv:  secret_password_lookupv_sync of the same items, each once
//   delete:  SecItemDelete by service and account of an item SecItemAdd added just before (not counted)
//   clearv:  secret_password_clearv_sync of an item secret_password_storev_sync stored just before (not counted)
// Prints the mean wall time of a measured call, then its minimum, median and 90th percentile. (`perf` sees the adds
// and stores of the delete modes too.)
// Benchmarks/Scripts/lookup-interleaved.sh runs them in turns, at several keyring sizes.

let arguments = CommandLine.arguments
guard arguments.count >= 2,
  ["fill", "fillfirst", "secitem", "lookupv", "first", "firstv", "delete", "clearv"].contains(arguments[1]),
  let calls = arguments.count > 2 ? Int(arguments[2]) : 3000, calls > 0
else {
  FileHandle.standardError.write(
    Data("usage: LookupLoop fill ITEMS | fillfirst COUNT | secitem|lookupv|first|firstv|delete|clearv [CALLS]\n".utf8))
  exit(2)
}
let mode = arguments[1]
let service = "lookup-loop.example"

func query(account: String) -> [String: Any] {
  [
    kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
    kSecAttrAccount as String: account,
  ]
}

func require(_ what: String, _ succeeded: Bool) {
  guard succeeded else {
    FileHandle.standardError.write(Data("LookupLoop: \(what) failed\n".utf8))
    exit(1)
  }
}

require("connecting libsecret", lsb_connect() == 0)
if mode == "fill" {
  // Items of another client up to `calls` (stored again when present: libsecret replaces the secret), then the
  // process's own item.
  for index in 0..<calls {
    require("a fill item", lsb_store("lookup-loop.fill.\(index)", "other", "fill", "x") == 0)
  }
  var own = query(account: "own")
  own[kSecValueData as String] = Data("own-secret".utf8)
  let added = SecItemAdd(own as CFDictionary, nil)
  require("SecItemAdd of the item read", added == errSecSuccess || added == errSecDuplicateItem)
  exit(0)
}
if mode == "fillfirst" {
  for index in 0..<calls {
    var item = query(account: "first-\(index)")
    item[kSecValueData as String] = Data("first-secret".utf8)
    let added = SecItemAdd(item as CFDictionary, nil)
    require("SecItemAdd of a first-lookup item", added == errSecSuccess || added == errSecDuplicateItem)
  }
  exit(0)
}
/// The lookup of the process's item `account`, returning its data.
func lookup(account: String) -> [String: Any] {
  var read = query(account: account)
  read[kSecReturnData as String] = true
  read[kSecMatchLimit as String] = kSecMatchLimitOne
  return read
}
let read = lookup(account: "own")

// One call first, not measured, for each implementation: its connection and session are opened at the first call
// (~12 ms each here), which is set-up, not the call's cost. Then the time of the measured calls only: a delete's add
// (or store) before it is not counted.
var warmUp: CFTypeRef?
require("the first SecItemCopyMatching", SecItemCopyMatching(read as CFDictionary, &warmUp) == errSecSuccess)
require("the first lookupv", lsb_lookup(service, "own") > 0)
var times: [Duration] = []
times.reserveCapacity(calls)
for index in 0..<calls {
  var measured = Duration.zero
  switch mode {
  case "secitem", "first":
    // The own item again, or the next item of the first lookups (made by fillfirst).
    let query = mode == "first" ? lookup(account: "first-\(index)") : read
    var result: CFTypeRef?
    let start = ContinuousClock.now
    let status = SecItemCopyMatching(query as CFDictionary, &result)
    measured += ContinuousClock.now - start
    require("SecItemCopyMatching (\(mode))", status == errSecSuccess)
  case "lookupv", "firstv":
    let account = mode == "firstv" ? "first-\(index)" : "own"
    let start = ContinuousClock.now
    let length = lsb_lookup(service, account)
    measured += ContinuousClock.now - start
    require("lookupv (\(mode))", length > 0)
  case "delete":
    var item = query(account: "deleted-\(index)")
    item[kSecValueData as String] = Data("deleted-secret".utf8)
    require("SecItemAdd", SecItemAdd(item as CFDictionary, nil) == errSecSuccess)
    let start = ContinuousClock.now
    let status = SecItemDelete(query(account: "deleted-\(index)") as CFDictionary)
    measured += ContinuousClock.now - start
    require("SecItemDelete", status == errSecSuccess)
  default:
    require("storev", lsb_store(service, "cleared-\(index)", "cleared", "cleared-secret") == 0)
    let start = ContinuousClock.now
    let deleted = lsb_clear(service, "cleared-\(index)")
    measured += ContinuousClock.now - start
    require("clearv", deleted == 1)
  }
  times.append(measured)
}
func microseconds(_ duration: Duration) -> Int {
  let parts = duration.components
  return Int((Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12).rounded())
}
let mean = times.reduce(Duration.zero, +) / calls
times.sort()
print(
  "\(mode): \(calls) calls, \(microseconds(mean)) µs a call (min \(microseconds(times[0])), median "
    + "\(microseconds(times[calls / 2])), p90 \(microseconds(times[calls * 9 / 10])))")
