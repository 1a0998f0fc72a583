#!/usr/bin/env bash
# Compatibility corpus: public Apple-platform projects that use SecItem and ship their own XCTest tests, compiled and
# tested on Linux against this package.
#
# For each project of the table below, at its pinned commit and outside this repository ($CORPUS_DIR), the script
#   1. takes its keychain sources and tests (from $CORPUS_MIRRORS/<owner>+<name>/repo, else a clone from GitHub);
#   2. applies only the changes listed for it in the table, each with its reason, and nothing else. An edit whose
#      anchor is missing stops the run: no edit can silently do nothing;
#   3. builds every project in ONE generated SwiftPM package ($CORPUS_DIR/workspace, one .build, so swift-crypto and
#      this package compile once): one library target and its test target(s) per project, under the project's own
#      module names, each depending on this repository by path (product KeychainServices);
#   4. runs each project's tests with `swift test --skip-build --filter '^<Module>Tests\.'` on a throwaway keyring:
#      dbus/with-keyring (GNOME Keyring) and dbus/with-keyring --kwallet (KWallet);
#   5. prints passed/failed per project and keyring, writes the table to $CORPUS_DIR/results.md, and exits 1 if any
#      test failed (2 on a usage or setup error).
# Their code is never copied into this repository; only this script and its helper are committed.
#
# usage: Scripts/compatibility-corpus.sh [--only NAME[,NAME…]] [--provider gnome|kwallet|both] [--keep]
#   --only      projects to run, by table name, owner/name or name (e.g. --only Valet,keychain-swift)
#   --provider  which keyring(s) to test on (default both)
#   --keep      reuse $CORPUS_DIR (snapshots and the incremental build); without it the directory is made afresh
# environment:
#   CORPUS_MIRRORS  bare git mirrors, <owner>+<name>/repo (default /work/.mirror); a missing one is cloned from GitHub
#   CORPUS_DIR      work directory, never inside the repository (default /tmp/swift-keychain-corpus)
#   CORPUS_PACKAGE  the package to test (default: this repository)
#   CORPUS_TEST_TIMEOUT  seconds one project's run may take on one keyring (default 1800)
#
# Kinds of change in the table (the helper reports each with its kind):
#   ("import",  FILE, MODULE, WHY)              add `import MODULE` after the file's last top-level import. On Apple
#                                               platforms `import Foundation` brings Security's names; on Linux they
#                                               come from this package's `import Security`. Fails if already there.
#   ("replace", FILE, OLD, NEW, COUNT, WHY)     replace an exact string, which must occur exactly COUNT times
#   ("regex",   GLOB, PATTERN, NEW, COUNT, WHY) a regular-expression replacement over files; exactly COUNT matches
#   ("exclude", PATH, WHY)                      leave a file or directory out of its target
#   ("note",    WHY)                            a difference in how the target is set up, no edit
#   ("standin", MODULE, {FILE: TEXT}, WHY)      a dependency substitute: a module written here (not their code) that
#                                               stands in for a dependency which cannot be built on Linux
#   ("rewrite", FILE, OLD, NEW, COUNT, WHY)     like replace, but NOT a mechanical change: a few lines of new code
# Each project's "host" emulates its Xcode test host app, which Apple-platform tests run inside: "bundle_id" is
# written as CFBundleIdentifier to an Info.plist beside the test binary (that is how a Linux program gets
# Bundle.main.bundleIdentifier), and "env" gives the entitlements' keychain-access-groups and application identifier
# as KEYCHAIN_ACCESS_GROUPS / KEYCHAIN_APPLICATION_IDENTIFIER (how a program declares them on Linux; docs/
# attribute-mapping.md, "Access groups"). Non-Swift files in a target directory (Info.plist, headers, privacy
# manifests of the Xcode bundles) are left out of the targets without being listed.
# "isolate": (classes, why) runs those XCTest classes each in a test process (and on a keyring) of its own, after the
# project's other tests. "expected": {"Class.test": ("both" | "gnome" | "kwallet", why)} lists tests known to fail
# for a reason outside this package, or because their failure is Apple's answer in the run's situation (reported,
# not counted as failed).
# Targets: (kind, module, path in their repository, Swift language mode, extra dependencies).
set -euo pipefail

read -r -d '' CORPUS_TABLE <<'TABLE' || true
[
  {
    "name": "keychain-swift",
    "repo": "evgenyneu/keychain-swift",
    "commit": "5e1b02b6a9dac2a759a1d5dbc175c86bd192a608",
    "license": "MIT",
    "targets": [
      ("library", "KeychainSwift", "Sources", 5, []),
      ("test", "KeychainSwiftTests", "Tests/KeychainSwiftTests", 5, []),
    ],
    "changes": [
      ("import", "Tests/KeychainSwiftTests/SynchronizableTests.swift", "Security",
       "uses kSecAttrSynchronizableAny with only XCTest imported"),
      ("exclude", "Tests/KeychainSwiftTests/ClearTests.swift", "excluded by the project's own Package.swift"),
      ("replace", "Tests/KeychainSwiftTests/ConcurrencyTests.swift",
       "self.waitForExpectations(timeout: 30, handler: nil)", "self.waitForExpectations(timeout: 300, handler: nil)", 1,
       "about 5,800 keychain calls, serialized by KeychainSwift's lock, each a D-Bus round trip here (4-5 ms: 22-28 s "
       "on an idle 2-core machine, 45-101 s while other builds run) where Apple's take microseconds"),
    ],
    "isolate": (["ConcurrencyTests"],
                "its read, delete and clear queues go on calling the keychain after the test ends (it waits for the "
                "two write queues only); at D-Bus speed they are still running when the next tests start and their "
                "clear() deletes those tests' items (seen: KeychainSwiftTests.testSet trapped on a nil get, KWallet)"),
  },
  {
    "name": "KeychainAccess",
    "repo": "kishikawakatsumi/KeychainAccess",
    "commit": "e0c7eebc5a4465a3c4680764f26b7a61f567cdaf",
    "license": "MIT",
    "targets": [
      ("library", "KeychainAccess", "Lib/KeychainAccess", 5, []),
      ("test", "KeychainAccessTests", "Lib/KeychainAccessTests", 5, []),
    ],
    "changes": [
      ("note", "their Package.swift has no test target (the tests run in Xcode, hosted in Lib/TestHost): the test "
               "target is Lib/KeychainAccessTests; its -no_application_extension linker flag is Darwin ld's only"),
      ("import", "Lib/KeychainAccessTests/KeychainAccessTests.swift", "Security", "uses kSec…/errSec… names"),
      ("import", "Lib/KeychainAccessTests/EnumTests.swift", "Security", "compares with kSecAttrProtocol… constants"),
      ("import", "Lib/KeychainAccessTests/ErrorTypeTests.swift", "Security", "uses errSec… codes"),
      ("exclude", "Lib/KeychainAccessTests/SharedCredentialTests.swift",
       "tests the iOS-only shared web credentials API, which the library compiles only for iOS"),
      ("replace", "Lib/KeychainAccess/Keychain.swift",
       "        #if os(iOS) || os(watchOS) || os(tvOS)\n        query[ReturnData] = kCFBooleanTrue",
       "        #if os(iOS) || os(watchOS) || os(tvOS) || os(Linux)\n        query[ReturnData] = kCFBooleanTrue", 2,
       "allItems()/items() ask for the data only on the data-protection (iOS-style) keychain, which is the keychain "
       "Linux has (the tests' #if !os(macOS) branch expects the values)"),
      ("replace", "Lib/KeychainAccessTests/KeychainAccessTests.swift",
       "        } catch let error as NSError {\n",
       "        } catch {\n            let error = error as NSError\n", 1,
       "swift-corelibs-foundation does not bridge a Swift error to NSError in a dynamic cast (`catch let e as "
       "NSError` never matches the library's Status error), only in the unconditional `error as NSError`"),
    ],
    "host": {
      "bundle_id": "com.kishikawakatsumi.KeychainAccess.TestHost",
      "env": {
        "KEYCHAIN_APPLICATION_IDENTIFIER": "27AEDK3C9F.com.kishikawakatsumi.KeychainAccess.TestHost",
        "KEYCHAIN_ACCESS_GROUPS": "27AEDK3C9F.com.kishikawakatsumi.KeychainAccess.TestHost,27AEDK3C9F.shared",
      },
      "why": "the tests run inside Lib/TestHost: bundle identifier com.kishikawakatsumi.KeychainAccess.TestHost, "
             "team 27AEDK3C9F, keychain-access-groups of TestHost.entitlements",
    },
  },
  {
    "name": "SwiftKeychainWrapper",
    "repo": "jrendel/SwiftKeychainWrapper",
    "commit": "a3e100403a231040a55c66dd80fdadb9503abf19",
    "license": "MIT",
    "targets": [
      ("library", "SwiftKeychainWrapper", "SwiftKeychainWrapper", 5, []),
      ("test", "SwiftKeychainWrapperTests", "SwiftKeychainWrapperTests", 5, []),
    ],
    "changes": [
      ("import", "SwiftKeychainWrapper/KeychainWrapper.swift", "Security", "SecItem calls with only Foundation"),
      ("import", "SwiftKeychainWrapper/KeychainItemAccessibility.swift", "Security",
       "kSecAttrAccessible… with only Foundation"),
    ],
  },
  {
    "name": "Valet",
    "repo": "square/Valet",
    "commit": "a69e31e8732a123ec7891b8b77761e613df325e5",
    "license": "Apache-2.0",
    "targets": [
      ("library", "Valet", "Sources/Valet", 6, []),
      ("test", "ValetTests", "Tests", 6, []),
    ],
    "changes": [
      ("note", "their Package.swift has no test target (the tests run in Xcode, hosted in the iOS/macOS/tvOS test "
               "host apps, one test bundle per platform holding Tests/ValetTests and Tests/ValetIntegrationTests): "
               "the test target is Tests, as one module"),
      ("exclude", "Tests/ValetObjectiveCBridgeTests", "Objective-C tests of the @objc bridge (.m files)"),
      ("regex", "Sources/Valet/*.swift", r"^[ \t]*@objc(?:\([^)]*\))?[ \t]*\n", "", 77,
       "@objc / @objc(name) lines: there is no Objective-C runtime on Linux (the Swift API is unchanged)"),
      ("import", "Sources/Valet/Accessibility.swift", "Security", "kSecAttrAccessible… with only Foundation"),
      ("import", "Sources/Valet/KeychainError.swift", "Security", "errSec… codes with only Foundation"),
      ("import", "Sources/Valet/SecureEnclave.swift", "Security", "SecItem calls with only Foundation"),
      ("import", "Sources/Valet/SecureEnclaveAccessControl.swift", "Security",
       "SecAccessControlCreateFlags with only Foundation"),
      ("import", "Sources/Valet/SecureEnclaveValet.swift", "Security", "kSec… names with only Foundation"),
      ("import", "Sources/Valet/Valet.swift", "Security", "kSec… names with only Foundation"),
      ("import", "Sources/Valet/Internal/Keychain.swift", "Security", "SecItem calls with only Foundation"),
      ("import", "Sources/Valet/Internal/SecItem.swift", "Security", "SecItem calls with only Foundation"),
      ("import", "Sources/Valet/Internal/Service.swift", "Security", "kSec… names with only Foundation"),
      ("import", "Tests/ValetTests/ValetTests.swift", "Security", "kSec… names with only Foundation"),
      ("import", "Tests/ValetTests/KeychainErrorTests.swift", "Security", "errSec… codes with only Foundation"),
      ("import", "Tests/ValetIntegrationTests/ValetIntegrationTests.swift", "Security",
       "SecItem calls with only Foundation"),
      ("import", "Tests/ValetIntegrationTests/SecureEnclaveIntegrationTests.swift", "Security",
       "kSec… names with only Foundation"),
      ("replace", "Tests/ValetIntegrationTests/ValetIntegrationTests.swift",
       "        #if os(iOS)\n        return SharedGroupIdentifier(",
       "        #if os(iOS) || os(Linux)\n        return SharedGroupIdentifier(", 3,
       "the shared-group helpers name one host app per platform and end in XCTFail() with no return elsewhere; "
       "Linux uses the iOS host app's groups (the host settings below)"),
      ("rewrite", "Sources/Valet/Internal/WeakStorage.swift",
       "                identifierToValetMap.object(forKey: key as NSString)\n",
       "                identifierToValetMap[key]?.value\n", 1,
       "NSMapTable is not in swift-corelibs-foundation: a dictionary of weak boxes with the same behaviour "
       "(values held weakly), 3 lines"),
      ("rewrite", "Sources/Valet/Internal/WeakStorage.swift",
       "                identifierToValetMap.setObject(newValue, forKey: key as NSString)\n",
       "                identifierToValetMap[key] = newValue.map { WeakBox(value: $0) }\n", 1,
       "(the NSMapTable stand-in, continued)"),
      ("rewrite", "Sources/Valet/Internal/WeakStorage.swift",
       "    private let identifierToValetMap = NSMapTable<NSString, T>.strongToWeakObjects()\n",
       "    private struct WeakBox { weak var value: T? }\n"
       "    private var identifierToValetMap: [String: WeakBox] = [:]\n", 1,
       "(the NSMapTable stand-in, continued)"),
    ],
    "host": {
      "bundle_id": "com.squareup.Valet-iOS-Test-Host-App",
      "env": {
        "KEYCHAIN_APPLICATION_IDENTIFIER": "9XUJ7M53NG.com.squareup.Valet-iOS-Test-Host-App",
        "KEYCHAIN_ACCESS_GROUPS": "9XUJ7M53NG.com.squareup.Valet-iOS-Test-Host-App,"
                                  "9XUJ7M53NG.com.squareup.Valet-iOS-Test-Host-App2,group.valet.test",
      },
      "why": "the tests run inside 'Valet iOS Test Host App' (bundle identifier com.squareup.Valet-iOS-Test-Host-App, "
             "team 9XUJ7M53NG; its entitlements' keychain-access-groups, then the application group); without a "
             "bundle identifier testEnvironmentIsSignedOrDoesNotRequireEntitlement() skips most integration tests",
    },
    "isolate": (["SecureEnclaveIntegrationTests"],
                "its tests leave items with a user-presence access control under the account \"key\" when they fail "
                "(below); ValetIntegrationTests' migration tests list every generic password of that account and would "
                "meet them, needing the user to read their data (test_migrateObjectsMatching_bailsOutIfConflictExistsTo"
                "Migrate then fails with errSecAuthFailed instead of finding its conflict)"),
    "expected": {
      "SecureEnclaveIntegrationTests.test_secureEnclaveValetsWithEqualConfiguration_canAccessSameData":
        ("both", "an item with a user-presence access control read back with nobody to authenticate: errSecAuthFailed "
                 "(Valet: KeychainError.userCancelled), Apple's answer where nobody can be asked (docs/compatibility.md)"),
      "SecureEnclaveIntegrationTests.test_secureEnclaveValetsWithDifferingAccessControl_canNotAccessSameData":
        ("both", "an item with a user-presence access control read back with nobody to authenticate: errSecAuthFailed "
                 "(Valet: KeychainError.userCancelled), Apple's answer where nobody can be asked (docs/compatibility.md)"),
      "SecureEnclaveIntegrationTests.test_secureEnclaveSharedGroupValetsWithDifferingIdentifiers_canNotAccessSameData":
        ("both", "an item with a user-presence access control read back with nobody to authenticate: errSecAuthFailed "
                 "(Valet: KeychainError.userCancelled), Apple's answer where nobody can be asked (docs/compatibility.md)"),
      "SecureEnclaveIntegrationTests.test_migrateObjectsFromValet_migratesSuccessfullyToSecureEnclave":
        ("both", "an item with a user-presence access control read back with nobody to authenticate: errSecAuthFailed "
                 "(Valet: KeychainError.userCancelled), Apple's answer where nobody can be asked (docs/compatibility.md)"),
      "SecureEnclaveIntegrationTests.test_migrateObjectsFromValet_migratesSuccessfullyAfterCanAccessKeychainCalls":
        ("both", "an item with a user-presence access control read back with nobody to authenticate: errSecAuthFailed "
                 "(Valet: KeychainError.userCancelled), Apple's answer where nobody can be asked (docs/compatibility.md)"),
    },
  },
  {
    "name": "SimpleKeychain",
    "repo": "auth0/SimpleKeychain",
    "commit": "466c3f3073ba4651201ed0ba4bea306a945353ff",
    "license": "MIT",
    "targets": [
      ("library", "SimpleKeychain", "SimpleKeychain", 6, []),
      ("test", "SimpleKeychainTests", "SimpleKeychainTests", 6, []),
    ],
    "changes": [
      ("import", "SimpleKeychain/SimpleKeychainError.swift", "Security", "errSec… codes with only Foundation"),
      ("replace", "SimpleKeychainTests/SimpleKeychainSpec.swift",
       "import LocalAuthentication\n",
       "#if canImport(LocalAuthentication)\nimport LocalAuthentication\n#endif\n", 1,
       "LocalAuthentication is Apple-only; its uses in the file are already under #if canImport(LocalAuthentication)"),
      ("import", "SimpleKeychainTests/SimpleKeychainSpec.swift", "Security", "kSec… names with only XCTest"),
      ("replace", "SimpleKeychainTests/SimpleKeychainErrorSpec.swift", "sut ~= NSError())",
       "sut ~= NSError(domain: \"\", code: 0))", 1,
       "swift-corelibs-foundation's NSError has no init() (the test only needs an NSError of another domain)"),
    ],
    "host": {
      "bundle_id": "com.auth0.simplekeychain",
      "why": "the tests run inside SimpleKeychainApp (bundle identifier com.auth0.simplekeychain); "
             "SimpleKeychain() defaults its service to Bundle.main.bundleIdentifier! (a nil identifier traps)",
    },
  },
  {
    "name": "OneTimePassword",
    "repo": "mattrubin/OneTimePassword",
    "commit": "66f284e22c170ffcc2c9dcf055a1efeb260c766d",
    "license": "MIT",
    "targets": [
      ("library", "OneTimePassword", "Sources", 5, ["Base32", "Crypto"]),
      ("test", "OneTimePasswordTests", "Tests", 5, ["Base32"]),
    ],
    "changes": [
      ("import", "Sources/Keychain.swift", "Security", "SecItem calls with only Foundation"),
      ("import", "Tests/KeychainTests.swift", "Security", "kSec… names with only XCTest"),
      ("replace", "Sources/Generator.swift", "import CryptoKit\n", "import Crypto\n", 1,
       "CryptoKit is Apple-only; swift-crypto's Crypto is its API on Linux (HMAC, Insecure.SHA1, SHA256, SHA512)"),
      ("exclude", "Tests/App", "the iOS host app, excluded by the project's own Package.swift"),
      ("note", "Tests/KeychainTests.swift is compiled: their Package.swift leaves it out (on iOS the keychain tests "
               "need the host app); here the keyring is there"),
      ("standin", "Base32", {"Base32.swift": """\
// Stand-in for mattrubin/Base32, an Objective-C library (MF_Base32Additions) that SwiftPM cannot build for Swift on
// Linux. Written for this corpus from RFC 4648, not their code: the two class methods OneTimePassword calls.
import Foundation

public enum MF_Base32Codec {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

  /// Decodes base32 case-insensitively, skipping padding and characters outside the alphabet (as the original
  /// does); bits left over that do not fill a byte are dropped.
  public static func data(fromBase32String string: String) -> Data! {
    var output = Data()
    var buffer: UInt32 = 0
    var bits = 0
    for byte in string.uppercased().utf8 {
      guard let value = alphabet.firstIndex(of: byte) else { continue }
      buffer = (buffer << 5) | UInt32(value)
      bits += 5
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    return output
  }

  /// Encodes base32 with `=` padding to a multiple of 8 characters.
  public static func base32String(from data: Data) -> String! {
    var output: [UInt8] = []
    var buffer: UInt32 = 0
    var bits = 0
    for byte in data {
      buffer = (buffer << 8) | UInt32(byte)
      bits += 8
      while bits >= 5 {
        bits -= 5
        output.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
      }
    }
    if bits > 0 {
      output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)])
    }
    while output.count % 8 != 0 {
      output.append(UInt8(ascii: "="))
    }
    return String(decoding: output, as: UTF8.self)
  }
}
"""}, "dependency substitute for the Objective-C Base32 package (MF_Base32Codec's two methods, ~40 lines)"),
    ],
  },
  {
    "name": "Locksmith",
    "repo": "matthewpalmer/Locksmith",
    "commit": "49b08bf8fa16ff8d7ce41609a2adbc6b5237f65f",
    "license": "MIT",
    "targets": [
      ("library", "Locksmith", "Source", 5, []),
      ("test", "LocksmithTests", "Tests/LocksmithTests", 5, []),
    ],
    "changes": [
      ("note", "their Package.swift predates tools version 4 (no targets): the targets are Source and "
               "Tests/LocksmithTests, in Swift 5 mode (the project is Swift 4 era)"),
      ("import", "Source/Locksmith.swift", "Security", "SecItem calls with only Foundation"),
      ("import", "Source/LocksmithAccessibleOption.swift", "Security", "kSecAttrAccessible… with only Foundation"),
      ("import", "Source/LocksmithError.swift", "Security", "errSec… codes with only Foundation"),
      ("import", "Source/LocksmithInternetAuthenticationType.swift", "Security",
       "kSecAttrAuthenticationType… with only Foundation"),
      ("import", "Source/LocksmithInternetProtocol.swift", "Security", "kSecAttrProtocol… with only Foundation"),
      ("import", "Source/LocksmithSecurityClass.swift", "Security", "kSecClass… with only Foundation"),
      ("import", "Tests/LocksmithTests/LocksmithTests.swift", "Security", "kSec… names with only XCTest"),
    ],
  },
]
TABLE

usage() { sed -n '/^# usage:/,/^#   CORPUS_TEST_TIMEOUT/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
die() {
  echo "compatibility-corpus: $*" >&2
  exit 2
}

only=
providers=both
keep=false
while (($# > 0)); do
  case $1 in
    --only)
      (($# >= 2)) || die "--only needs a value"
      only=$2
      shift
      ;;
    --only=*) only=${1#--only=} ;;
    --provider)
      (($# >= 2)) || die "--provider needs a value"
      providers=$2
      shift
      ;;
    --provider=*) providers=${1#--provider=} ;;
    --keep) keep=true ;;
    -h | --help)
      usage
      exit 0
      ;;
    *)
      usage >&2
      exit 2
      ;;
  esac
  shift
done
case $providers in
  gnome | kwallet) ;;
  both) providers=gnome,kwallet ;;
  *) die "--provider must be gnome, kwallet or both" ;;
esac

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd -P)
package=$(cd "${CORPUS_PACKAGE:-$repo}" && pwd -P)
mirrors=${CORPUS_MIRRORS:-/work/.mirror}
dir=${CORPUS_DIR:-/tmp/swift-keychain-corpus}
timeout_s=${CORPUS_TEST_TIMEOUT:-1800}
helper=(python3 "$here/compatibility-corpus.py")

[[ -f $package/Package.swift && -x $package/dbus/with-keyring ]] || die "$package is not this package (no dbus/with-keyring)"
dir=$(realpath -m -- "$dir")
for root in "$repo" "$package"; do
  case $dir/ in "$root"/*) die "CORPUS_DIR ($dir) must be outside the repository ($root)" ;; esac
done
mkdir -p "$dir"
if ! command -v swift >/dev/null && [[ -x /opt/swift/usr/bin/swift ]]; then
  export PATH=/opt/swift/usr/bin:$PATH
fi
command -v swift >/dev/null || die "swift not found on PATH"
command -v python3 >/dev/null || die "python3 not found"

# A fresh work directory unless --keep; only a directory this script made (or an empty one) is ever removed.
if [[ $keep == false ]]; then
  if [[ -n $(ls -A "$dir") ]]; then
    [[ -f $dir/.compatibility-corpus ]] || die "$dir is not empty and was not made by this script; choose another CORPUS_DIR"
    rm -rf -- "$dir"
    mkdir -p "$dir"
  fi
fi
touch "$dir/.compatibility-corpus"
mkdir -p "$dir/logs"
rm -f "$dir"/logs/*.log "$dir"/logs/*.status "$dir/results.md" "$dir/times.txt"

# On INT/TERM, end the build or test run under way (with-keyring then removes its bus and keyring) and stop.
child=
on_signal() {
  trap - INT TERM
  if [[ -n $child ]]; then
    kill -TERM "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  exit 130
}
trap on_signal INT TERM

now() { date +%s; }
started=$(now)
describe_package() {
  if git -C "$package" rev-parse --short HEAD >/dev/null 2>&1; then
    local rev dirty
    rev=$(git -C "$package" rev-parse --short HEAD)
    dirty=$(git -C "$package" status --porcelain -- Sources Package.swift Package.resolved 2>/dev/null | wc -l)
    ((dirty == 0)) && echo "$rev" || echo "$rev + $dirty uncommitted change(s) in Sources/Package.*"
  else
    echo "(not a git checkout)"
  fi
}
echo "== package: $package ($(describe_package)); swift: $(swift --version 2>/dev/null | head -1)"
echo "== work directory: $dir"
echo "== preparing projects (snapshots from $mirrors)"
printf '%s\n' "$CORPUS_TABLE" | "${helper[@]}" prepare --dir "$dir" --repo-root "$package" --mirrors "$mirrors" \
  --only "$only" --package-state "$(describe_package)"

# Build once. When some projects fail to compile, they are reported as build failures and dropped, and the rest is
# built again; a failure outside the projects (this package, a dependency) stops the run.
workspace=$dir/workspace
build() {
  local log=$1 status=0
  (cd "$workspace" && exec swift build --build-tests) >"$log" 2>&1 &
  child=$!
  wait "$child" || status=$?
  child=
  return "$status"
}
echo "== building $workspace (log: $dir/logs/build.log)"
build_started=$(now)
attempt=1
until build "$dir/logs/build.$attempt.log"; do
  log=$dir/logs/build.$attempt.log
  if grep -q "missing required modules: 'CLibSecret'" "$log"; then
    # The canImport(Security) trap of an incremental build (README): swift-certificates saw our Security module.
    echo "   incremental build hit the canImport(Security) trap: building from clean"
    rm -rf "$workspace/.build"
  else
    culprits=$("${helper[@]}" culprits --dir "$dir" --log "$log")
    if [[ $culprits == ALL ]]; then
      grep -E "error:" "$log" | head -40 >&2 || tail -40 "$log" >&2
      die "the build failed outside the corpus projects (log: $log)"
    fi
    echo "   compile errors in: $culprits (dropped; see $log)"
    grep -E "error:" "$log" | head -20 | sed 's/^/     /'
    # shellcheck disable=SC2086 # (a list of names)
    "${helper[@]}" drop --dir "$dir" --reason "compile errors: see $log" $culprits
  fi
  attempt=$((attempt + 1))
  ((attempt <= 8)) || die "giving up after $((attempt - 1)) build attempts"
done
cp "$dir/logs/build.$attempt.log" "$dir/logs/build.log"
build_seconds=$(($(now) - build_started))
echo "   built in ${build_seconds}s"
bin=$(cd "$workspace" && swift build --show-bin-path)
(cd "$workspace" && swift test --skip-build --list-tests) >"$dir/tests.txt" 2>"$dir/logs/list-tests.log" ||
  die "swift test --list-tests failed (log: $dir/logs/list-tests.log)"

# One run per project and keyring, each on its own throwaway keyring. When the test process dies (a trap in a test),
# the run resumes with the tests that had not started, on a new keyring (up to 10 times), so one crash does not hide
# the rest of the project's tests.
mapfile -t runs < <(python3 -c '
import json, sys
for p in json.load(open(sys.argv[1]))["projects"]:
    env = " ".join(f"{k}={v}" for k, v in p["env"].items())
    for provider in sys.argv[2].split(","):
        for group, run in enumerate(p["runs"], 1):
            print("\x1f".join([p["name"], provider, str(group), run["filter"], run["skip"], p["bundle_id"] or "", env]))
' "$dir/plan.json" "$providers")
declare -A seconds=()
for entry in "${runs[@]}"; do
  IFS=$'\x1f' read -r name provider group filter skip bundle_id env_line <<<"$entry"
  # The host app's bundle identifier: Info.plist beside the test binary (Bundle.main on Linux), or none.
  rm -f "$bin/Info.plist"
  if [[ -n $bundle_id ]]; then
    cat >"$bin/Info.plist" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>CFBundleIdentifier</key>
  <string>$bundle_id</string>
</dict>
</plist>
EOF
  fi
  read -r -a env_vars <<<"$env_line"
  flag=()
  [[ $provider == kwallet ]] && flag=(--kwallet)
  skip_args=()
  [[ -n $skip ]] && skip_args=(--skip "$skip")
  echo "== $name on $provider: swift test --skip-build --filter '$filter'${skip:+ --skip '$skip'}${env_line:+ with $env_line}${bundle_id:+, bundle id $bundle_id}"
  run_started=$(now)
  part=1
  run_filter=$filter
  while :; do
    log=$dir/logs/$name.$provider.g$group.p$part.log
    status=0
    (cd "$workspace" && exec env "${env_vars[@]}" timeout --kill-after=30 "$timeout_s" \
      "$package/dbus/with-keyring" "${flag[@]}" swift test --skip-build --disable-swift-testing \
      --filter "$run_filter" "${skip_args[@]}") >"$log" 2>&1 &
    child=$!
    wait "$child" || status=$?
    child=
    echo "$status" >"$log.status"
    summary=$(grep -E "Executed [0-9]+ tests?" "$log" | tail -1 | sed 's/^[[:space:]]*//' || true)
    echo "   exit $status: ${summary:-no XCTest summary}"
    ((status != 0 && part < 10)) || break
    run_filter=$("${helper[@]}" remaining --dir "$dir" --name "$name" --provider "$provider" --group "$group")
    [[ -n $run_filter ]] || break
    echo "   the test process died; resuming with the tests that did not start"
    skip_args=()
    part=$((part + 1))
  done
  seconds[$name.$provider]=$((${seconds[$name.$provider]:-0} + $(now) - run_started))
done
rm -f "$bin/Info.plist"

{
  echo "build_seconds=$build_seconds"
  for key in "${!seconds[@]}"; do echo "run_seconds.$key=${seconds[$key]}"; done
  echo "total_seconds=$(($(now) - started))"
} >"$dir/times.txt"
echo
echo "== results (build ${build_seconds}s, total $(($(now) - started))s)"
"${helper[@]}" summarize --dir "$dir" --providers "$providers"
