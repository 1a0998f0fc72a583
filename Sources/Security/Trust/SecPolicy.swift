import Foundation

/// A trust policy (Apple: the opaque CF type `SecPolicy`): what `SecTrustEvaluateWithError` checks beyond a chain to
/// an anchor. Immutable, hence `@unchecked Sendable`.
public final class SecPolicy: NSObject, @unchecked Sendable {
  /// The checks a policy adds.
  package enum Kind: Sendable, Equatable {
    /// X.509 basic: a chain to an anchor, valid dates, RFC 5280's rules.
    case basic
    /// SSL/TLS: basic, plus the leaf's extended key usage (server or client authentication) and, for a server with
    /// a host name, the host name in its subject alternative names.
    case ssl(server: Bool, hostname: String?)
    /// Apple's code-signing policy: basic, plus the code-signing extended key usage.
    case codeSigning
  }

  package let kind: Kind

  package init(_ kind: Kind) {
    self.kind = kind
  }

  /// The extended key usage the policy requires of the leaf.
  package var purpose: CertificateValidity.Purpose {
    switch kind {
    case .basic: .any
    case .ssl(let server, _): server ? .serverAuth : .clientAuth
    case .codeSigning: .codeSigning
    }
  }

  /// The policy's identifier (`kSecPolicyApple…`): what trust settings record a constraint by.
  package var identifier: String {
    switch kind {
    case .basic: kSecPolicyAppleX509Basic as String
    case .ssl: kSecPolicyAppleSSL as String
    case .codeSigning: kSecPolicyAppleCodeSigning as String
    }
  }

  public override var description: String { "<SecPolicy \(kind)>" }
}

/// Apple's C name of ``SecPolicy``.
public typealias SecPolicyRef = SecPolicy

/// Policy identifier: X.509 basic. Raw value `"1.2.840.113635.100.1.2"`.
nonisolated(unsafe) public let kSecPolicyAppleX509Basic: CFString = SecConstantString("1.2.840.113635.100.1.2")
/// Policy identifier: SSL/TLS. Raw value `"1.2.840.113635.100.1.3"`.
nonisolated(unsafe) public let kSecPolicyAppleSSL: CFString = SecConstantString("1.2.840.113635.100.1.3")
/// Policy identifier: code signing. Raw value `"1.2.840.113635.100.1.16"`.
nonisolated(unsafe) public let kSecPolicyAppleCodeSigning: CFString = SecConstantString("1.2.840.113635.100.1.16")
/// Policy property: the host name an SSL policy checks (a string). Raw value `"SecPolicyName"`.
nonisolated(unsafe) public let kSecPolicyName: CFString = SecConstantString("SecPolicyName")
/// Policy property: an SSL policy for a client certificate (a boolean). Raw value `"SecPolicyClient"`.
nonisolated(unsafe) public let kSecPolicyClient: CFString = SecConstantString("SecPolicyClient")

// Apple's names, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase

/// The X.509 basic policy.
///
/// The corresponding Apple function is `SecPolicyCreateBasicX509`.
public func SecPolicyCreateBasicX509() -> SecPolicy {
  SecPolicy(.basic)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The SSL/TLS policy: for a server certificate (`server` true) with `hostname` checked against its subject
/// alternative names, or for a client certificate.
///
/// The corresponding Apple function is `SecPolicyCreateSSL`.
public func SecPolicyCreateSSL(_ server: Bool, _ hostname: CFString?) -> SecPolicy {
  SecPolicy(.ssl(server: server, hostname: hostname.map { $0 as String }))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// A policy by identifier: `kSecPolicyAppleX509Basic`, `kSecPolicyAppleSSL` (properties `kSecPolicyName`,
/// `kSecPolicyClient`) or `kSecPolicyAppleCodeSigning` (what `security find-identity -p codesigning` uses); nil for
/// other identifiers.
///
/// The corresponding Apple function is `SecPolicyCreateWithProperties`.
public func SecPolicyCreateWithProperties(_ policyIdentifier: CFTypeRef, _ properties: CFDictionary?) -> SecPolicy? {
  let properties = (properties as NSDictionary?) ?? [:]
  let identifier = policyIdentifier as? String
  if identifier == kSecPolicyAppleX509Basic as String { return SecPolicy(.basic) }
  if identifier == kSecPolicyAppleCodeSigning as String { return SecPolicy(.codeSigning) }
  guard identifier == kSecPolicyAppleSSL as String else { return nil }
  let client = (properties[kSecPolicyClient as String] as? Bool) ?? false
  return SecPolicy(.ssl(server: !client, hostname: properties[kSecPolicyName as String] as? String))
}
