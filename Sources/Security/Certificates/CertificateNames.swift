import Foundation
import SwiftASN1
import X509

/// The parts of an X.501 name Apple's certificate functions read, in the order of the DER.
struct CertificateNames {
  var commonNames: [String] = []
  var organizationalUnits: [String] = []
  var organizations: [String] = []
  var descriptions: [String] = []
  var emailAddresses: [String] = []
  /// Every other attribute's text, for the last-resort summary.
  var others: [String] = []
}

/// The description attribute type (2.5.4.13), which Apple's summary appends in parentheses.
private let descriptionAttribute: ASN1ObjectIdentifier = [2, 5, 4, 13]

/// The text of an attribute value (PrintableString, UTF8String, IA5String; other string types through their bytes).
func attributeText(_ value: RelativeDistinguishedName.Attribute.Value) -> String? {
  if let text = String(value) { return text }
  let any = ASN1Any(value)
  if let string = try? ASN1TeletexString(asn1Any: any) { return String(decoding: string.bytes, as: UTF8.self) }
  if let string = try? ASN1BMPString(asn1Any: any) {
    let units = stride(from: 0, to: string.bytes.count - 1, by: 2).map {
      UInt16(string.bytes[string.bytes.startIndex + $0]) << 8 | UInt16(string.bytes[string.bytes.startIndex + $0 + 1])
    }
    return String(decoding: units, as: UTF16.self)
  }
  if let string = try? ASN1UniversalString(asn1Any: any) { return String(decoding: string.bytes, as: UTF8.self) }
  return nil
}

/// Reads the attributes of a name.
func certificateNames(_ name: DistinguishedName) -> CertificateNames {
  var names = CertificateNames()
  for rdn in name {
    for attribute in rdn {
      guard let text = attributeText(attribute.value) else { continue }
      switch attribute.type {
      case .RDNAttributeType.commonName: names.commonNames.append(text)
      case .RDNAttributeType.organizationalUnitName: names.organizationalUnits.append(text)
      case .RDNAttributeType.organizationName: names.organizations.append(text)
      case .RDNAttributeType.emailAddress:
        names.emailAddresses.append(text)
        names.others.append(text)
      case descriptionAttribute: names.descriptions.append(text)
      default: names.others.append(text)
      }
    }
  }
  return names
}

/// Apple's `createNormalizedX501Name`: PrintableString values upper-cased (ASCII) with white space trimmed and runs of
/// blanks collapsed to one space; every other value unchanged. Returns the DER of the normalized Name SEQUENCE.
func normalizedNameSequence(_ name: DistinguishedName) -> Data? {
  var rdns: [RelativeDistinguishedName] = []
  for rdn in name {
    var attributes: [RelativeDistinguishedName.Attribute] = []
    for attribute in rdn {
      guard let printable = try? ASN1PrintableString(asn1Any: ASN1Any(attribute.value)) else {
        attributes.append(attribute)
        continue
      }
      let normalized = normalizePrintable(Array(printable.bytes))
      guard let value = try? RelativeDistinguishedName.Attribute.Value(printableString: normalized) else {
        return nil
      }
      attributes.append(.init(type: attribute.type, value: value))
    }
    rdns.append(RelativeDistinguishedName(attributes))
  }
  var serializer = DER.Serializer()
  guard (try? serializer.serialize(DistinguishedName(rdns))) != nil else { return nil }
  return Data(serializer.serializedBytes)
}

/// Upper-cases a-z, drops leading and trailing blanks (space, tab) and collapses inner runs of them to one space.
private func normalizePrintable(_ bytes: [UInt8]) -> String {
  var output: [UInt8] = []
  var lastWasBlank = false
  for byte in bytes {
    if byte == 0x20 || byte == 0x09 {
      if !lastWasBlank && !output.isEmpty { output.append(0x20) }
      lastWasBlank = true
    } else {
      lastWasBlank = false
      output.append((0x61...0x7A).contains(byte) ? byte - 0x20 : byte)
    }
  }
  if lastWasBlank, output.last == 0x20 { output.removeLast() }
  return String(decoding: output, as: UTF8.self)
}
