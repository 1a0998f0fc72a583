#!/usr/bin/env python3
"""Fails when the README, CONTRIBUTING, CHANGELOG's unreleased part, a page of docs/, the DocC catalog or a page of
Examples/ names something that no longer exists: a path or file of this repository (a link target, or a backticked
name with a file extension or a slash), a backticked type of the package's own (a capitalised identifier, one word
or several: `Type`, `Deadline`), a member of such a type (`Type.member`, `Type.member()`: some declaration of the
repository has that name), or a function (`name()`, lower case: declared somewhere in the repository).

A backticked capitalised identifier counts as the package's own when some Swift or C file of the repository
declares something by that name, or when it is an Apple name (docs/apple-security-names.tsv); the names of other
projects that the docs mention (GLib, libsecret, Foundation, swift-crypto, …) are listed below, once. Run from
anywhere; exits 1 with one line per missing name (file:line: what).

    python3 Scripts/check-doc-references.py
"""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Names of other projects and of the platform that the docs name in backticks. A name here is not ours: it is
# never looked for in the sources.
FOREIGN = set(
    """
  AES BigInt BoringSSL CFArray CFBoolean CFData CFDate CFDictionary CFError CFIndex CFNumber CFString CFTypeRef
  CFTypeID CFRange CFRelease CFRetain CheckedContinuation ContinuousClock Crypto Curve25519 Data Date DER Dispatch
  DispatchQueue Duration Error Foundation GBytes GCancellable GDBusConnection GDBusProxy GError GHashTable GList
  GPtrArray
  GLib GMainContext GMainLoop GObject GVariant GVariantType HMAC Int Int32 Int64 JSONDecoder JSONEncoder
  KDF LAContext LocalAuthentication Mutex NSArray NSData NSDictionary NSError NSNull NSNumber NSObject NSString
  OSStatus Optional P256 P384 P521 PBKDF2 ProcessInfo Result SHA256 SHA384 SHA512 SecretCollection SecretItem
  SecretPrompt SecretSchema SecretService SecretValue Sendable String SymmetricKey Synchronization Task TaskLocal
  Testing UInt UInt16 UInt32 UInt64 UInt8 URL UUID Void X509 XCTest Array Bool Dictionary Set Double Float
  Character Substring Never AnyObject Any Equatable Hashable Codable Comparable Identifiable CustomStringConvertible
  CaseIterable RawRepresentable Error SwiftASN1 Benchmark EmbeddedChannel Glibc ObjectiveC CoreFoundation
  SecretStorage Jeepney QCA PAM KWallet KeePassXC GNOME Flatpak Snap Valet KeychainAccess SwiftKeychainWrapper
  SimpleKeychain Locksmith KeychainSwift JWTKit Vapor Hummingbird NIO Package PackageDescription Security
  CancellationError RSAPrivateKey RSAPublicKey SystemRandomNumberGenerator OpaquePointer FileHandle
  DispatchSourceTimer CryptoKit QCoreApplication RuntimeInterposer
  CreateCollection GetSecret ServiceUnknown ItemCreated ItemChanged ItemDeleted
  AutoSaveAfterEveryChange AutoSaveOnExit ModificationDate PersistentRef
  ClearTests SharedCredentialTests KeychainTests WeakStorage Base32
  StartsWith EndsWith WholeString EmailAddressIfPresent CSSM_CERT_X_509v3 DiacriticInsensitive WidthInsensitive
  YYYYMMDDhhmmssZ SKLPR1 SKLPR2 SKLPR2idnt SKLPR3
  StorageManager DLDBListCFPref SecurityAgent ExecStartPre ExecStopPost LoadCredentialEncrypted KeyringMode
  DH_compute_key TargetFileChanged PasswordTooShort IterationCountTooLow SaltTooShort WeakKey
  Collection Session Ref Allow Info Bundle Symmetric Sequence Jemalloc Hello Pipe Passwords
  """.split()
)

# Words in backticks that are not names of code (commands, placeholders, values): all capitals.
NOT_CODE = re.compile(r"^[A-Z_][A-Z0-9_]*$")


def tracked_files():
    out = subprocess.run(
        ["git", "-C", ROOT, "ls-files", "-co", "--exclude-standard"], capture_output=True, text=True, check=True
    ).stdout
    return [line for line in out.splitlines() if line and os.path.exists(os.path.join(ROOT, line))]


def declared_names(files):
    names = set()
    declaration = re.compile(
        r"\b(?:struct|class|enum|protocol|actor|typealias|extension|func|var|let|case|associatedtype)\s+"
        r"`?([A-Za-z_][A-Za-z0-9_]*)"
    )
    c_identifier = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\b")
    for path in files:
        full = os.path.join(ROOT, path)
        if path.endswith(".swift"):
            with open(full, encoding="utf-8", errors="replace") as handle:
                for match in declaration.finditer(handle.read()):
                    names.add(match.group(1))
        elif path.endswith((".c", ".h")):
            with open(full, encoding="utf-8", errors="replace") as handle:
                for match in c_identifier.finditer(handle.read()):
                    names.add(match.group(1))
        if path.endswith((".swift", ".c", ".h", ".py")):
            # D-Bus method and property names, interface members: the strings the code sends.
            with open(full, encoding="utf-8", errors="replace") as handle:
                for literal in re.findall(r'"([A-Z][A-Za-z0-9]*)"', handle.read()):
                    names.add(literal)
        if path.endswith(".swift"):
            # A file named for what it holds names it too (`StatusMapping` for StatusMapping.swift).
            names.add(os.path.basename(path)[: -len(".swift")])
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as handle:
        names.update(re.findall(r'name: "([A-Za-z0-9_-]+)"', handle.read()))
    return names


def apple_names():
    names = set()
    with open(os.path.join(ROOT, "docs", "apple-security-names.tsv"), encoding="utf-8") as handle:
        for line in handle:
            first = line.split("\t", 1)[0].strip()
            if first:
                names.add(first)
    return names


def documents():
    pages = ["README.md", "CONTRIBUTING.md"]
    pages += sorted(os.path.join("docs", name) for name in os.listdir(os.path.join(ROOT, "docs")) if name.endswith(".md"))
    catalog = os.path.join("Sources", "KeychainServices", "KeychainServices.docc")
    pages += sorted(os.path.join(catalog, name) for name in os.listdir(os.path.join(ROOT, catalog)) if name.endswith(".md"))
    for folder, _, names in sorted(os.walk(os.path.join(ROOT, "Examples"))):
        if "/." in folder:
            continue
        pages += sorted(os.path.relpath(os.path.join(folder, name), ROOT) for name in names if name.endswith(".md"))
    return pages


def unreleased_lines(lines):
    """CHANGELOG: only the unreleased part describes the code as it is."""
    keep = False
    for number, line in enumerate(lines, 1):
        if line.startswith("## "):
            keep = "Unreleased" in line
        if keep:
            yield number, line


TOP_LEVEL = ("Sources", "Tests", "Scripts", "docs", "dbus", "Benchmarks", "Fuzz", "Examples", ".ci")
# Files of this repository by their extension; other projects' sources that the docs cite (Apple's `.c`/`.h`/`.m`,
# libsecret's, KWallet's `.json`) are never looked for.
OUR_EXTENSIONS = (".swift", ".md", ".tsv", ".sh", ".py")


# Functions of other projects and of the platform that the docs name as `name()`.
FOREIGN_FUNCTIONS = set(
    """
  flock fsync fchmod rename open close read write mmap munmap getuid geteuid getpid fork execve waitpid kill
  prctl mlock madvise memset_s explicit_bzero add_key keyctl request_key setpriv sleep pread pwrite ftruncate
  accept putenv terminate interrupt waitUntilExit lockAllDatabases allItems init testEnvironmentSupportsWhenPasscodeSet
  """.split()
)


# Other projects' files that the docs cite with a path.
FOREIGN_PATHS = {
    "Tools/Scripts/webkitpy/common/net/credentials_unittest.py",  # WebKit
    "Sources/X509/Certificate.swift",  # swift-certificates
}


def is_our_path(token):
    """Whether a backticked token names a file or folder of this repository."""
    if token in FOREIGN_PATHS:
        return False
    if re.match(r"^(?:\.{0,2}/)?(?:%s)(?:/|$)" % "|".join(re.escape(top) for top in TOP_LEVEL), token) and "/" in token:
        return True
    base = token.rsplit("/", 1)[-1]
    return base.endswith(OUR_EXTENSIONS)


def path_exists(reference, page, files, suffixes):
    reference = reference.strip().rstrip(".,:;")
    reference = reference.split("#", 1)[0]
    if not reference or "://" in reference or reference.startswith(("mailto:", "$", "~", "/tmp", "/usr", "/etc", "/proc", "/dev", "/opt", "/run", "/org/", "/sys")):
        return True
    if any(ch in reference for ch in "<>*?{}|…") or " " in reference:
        return True
    reference = reference.rstrip("/")
    for base in (ROOT, os.path.dirname(os.path.join(ROOT, page))):
        if os.path.exists(os.path.normpath(os.path.join(base, reference))):
            return True
    trimmed = reference.lstrip("./")
    return trimmed in suffixes


def main():
    files = tracked_files()
    suffixes = set()
    for path in files:
        parts = path.split("/")
        for index in range(len(parts)):
            suffixes.add("/".join(parts[index:]))
        # folders, by every suffix too
        for end in range(1, len(parts)):
            folder = parts[:end]
            for index in range(len(folder)):
                suffixes.add("/".join(folder[index:]))
    ours = declared_names(files)
    apple = apple_names()
    problems = []
    link = re.compile(r"\]\(([^)\s]+)\)")
    code = re.compile(r"`([^`\n]+)`")
    pages = documents()
    for page in pages + ["CHANGELOG.md"]:
        with open(os.path.join(ROOT, page), encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        numbered = unreleased_lines(lines) if page == "CHANGELOG.md" else enumerate(lines, 1)
        in_fence = False
        for number, line in numbered:
            if line.lstrip().startswith("```"):
                in_fence = not in_fence
                continue
            if in_fence:
                continue
            for target in link.findall(line):
                if not path_exists(target, page, files, suffixes):
                    problems.append(f"{page}:{number}: link to a missing path: {target}")
            for token in code.findall(line):
                token = token.strip()
                if re.fullmatch(r"[\w./+-]+", token) and is_our_path(token):
                    if not path_exists(token, page, files, suffixes):
                        problems.append(f"{page}:{number}: missing file or path: `{token}`")
                    continue
                if re.fullmatch(r"[\w/.+-]+\.(?:c|cpp|m|mm|h|json|rs|ini|conf)", token):
                    continue  # another project's file (Apple's `SecItem.cpp`, KWallet's `.json`)
                if re.fullmatch(r"ssc_[a-z0-9_]+(?:\(\))?", token):
                    if token.rstrip("()") not in ours:
                        problems.append(f"{page}:{number}: no C function `{token}` in Sources/CLibSecretShims")
                    continue
                function = re.fullmatch(r"([a-z][A-Za-z0-9_]*)\(\)", token)
                if function:
                    if function.group(1) not in ours and function.group(1) not in FOREIGN_FUNCTIONS:
                        problems.append(f"{page}:{number}: no function `{token}` in the repository")
                    continue
                match = re.fullmatch(r"([A-Z][A-Za-z0-9_]*)((?:\.[A-Za-z_][A-Za-z0-9_]*)*)(?:\(\))?", token)
                if not match:
                    continue
                name = match.group(1)
                if name in FOREIGN or name in apple or NOT_CODE.match(name):
                    continue
                if name.startswith(("Sec", "CF", "NS")) and name not in ours:
                    continue  # Apple's names, the internal ones of Apple's sources included
                if name not in ours:
                    problems.append(f"{page}:{number}: no declaration of `{name}` in the repository")
                    continue
                for member in match.group(2).split(".")[1:]:
                    if member not in ours and member not in apple:
                        problems.append(f"{page}:{number}: no member `{member}` of `{name}` in the repository")
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-doc-references: {len(problems)} stale reference(s)", file=sys.stderr)
        return 1
    print(f"check-doc-references: {len(pages) + 1} documents, every path, file and type they name exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
