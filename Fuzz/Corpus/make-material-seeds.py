#!/usr/bin/python3
"""Writes the seed inputs of the key-import and certificate fuzz targets (Fuzz/Corpus/key-import/,
Fuzz/Corpus/certificate/): keys in Apple's external representations and certificates of several shapes, made with
Debian's python3-cryptography. Run once; the files are checked in (new keys each run, so run it only to change the
set).

key-import inputs are one selector byte (KeyImportTarget: bits 0-2 the key type, 3-5 the key class, 6-7 the size
attribute) followed by the key data.
"""
import datetime
import os
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import NameOID

here = os.path.dirname(os.path.abspath(__file__))

# Selector bytes (KeyImportTarget.types / .classes): type 0 = kSecAttrKeyTypeECSECPrimeRandom, 2 = RSA,
# 3 = the number 73 (EC); class 0 = public, 1 = private.
EC_PUBLIC, EC_PRIVATE, RSA_PUBLIC, RSA_PRIVATE, EC_NUMBER_PRIVATE = 0x00, 0x08, 0x02, 0x0A, 0x0B


def write(folder, name, data):
    path = os.path.join(here, folder)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, name), "wb") as f:
        f.write(data)


def ec_x963(key):
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    size = (key.curve.key_size + 7) // 8
    return public, public + key.private_numbers().private_value.to_bytes(size, "big")


def rsa_pkcs1(key):
    public = key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.PKCS1)
    private = key.private_bytes(
        serialization.Encoding.DER, serialization.PrivateFormat.TraditionalOpenSSL, serialization.NoEncryption()
    )
    return public, private


def name(common_name, *extra):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name), *extra])


def certificate(subject, issuer, public_key, signing_key, serial, extensions=(), days=3650):
    start = datetime.datetime(2024, 1, 1)
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(public_key)
        .serial_number(serial)
        .not_valid_before(start)
        .not_valid_after(start + datetime.timedelta(days=days))
    )
    for extension, critical in extensions:
        builder = builder.add_extension(extension, critical)
    return builder.sign(signing_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)


def main():
    keys = {}
    for curve in (ec.SECP256R1(), ec.SECP384R1(), ec.SECP521R1()):
        key = ec.generate_private_key(curve)
        keys[curve.name] = key
        public, private = ec_x963(key)
        write("key-import", f"ec-{curve.key_size}-public", bytes([EC_PUBLIC]) + public)
        write("key-import", f"ec-{curve.key_size}-private", bytes([EC_PRIVATE]) + private)
    write("key-import", "ec-256-private-as-number-73", bytes([EC_NUMBER_PRIVATE]) + ec_x963(keys["secp256r1"])[1])
    for bits in (1024, 2048):
        key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
        keys[f"rsa{bits}"] = key
        public, private = rsa_pkcs1(key)
        write("key-import", f"rsa-{bits}-public", bytes([RSA_PUBLIC]) + public)
        write("key-import", f"rsa-{bits}-private", bytes([RSA_PRIVATE]) + private)

    ca_key = keys["secp384r1"]
    ca_name = name("Fuzz CA", x509.NameAttribute(NameOID.ORGANIZATION_NAME, "swift-keychain-linux"))
    ca_ski = x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key())
    write(
        "certificate",
        "ca-p384",
        certificate(
            ca_name, ca_name, ca_key.public_key(), ca_key, 1,
            [(x509.BasicConstraints(ca=True, path_length=0), True), (ca_ski, False)],
        ),
    )
    leaf_key = keys["secp256r1"]
    write(
        "certificate",
        "leaf-p256-email",
        certificate(
            name("leaf", x509.NameAttribute(NameOID.EMAIL_ADDRESS, "leaf@example.invalid")),
            ca_name, leaf_key.public_key(), ca_key, 0x00FF_FFFF_FFFF_FFFF_FFFF,
            [
                (x509.SubjectAlternativeName([x509.RFC822Name("alt@example.invalid"), x509.DNSName("example.invalid")]), False),
                (x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ca_ski), False),
                (x509.SubjectKeyIdentifier.from_public_key(leaf_key.public_key()), False),
            ],
        ),
    )
    rsa_key = keys["rsa2048"]
    rsa_name = x509.Name(
        [
            x509.RelativeDistinguishedName(
                [
                    x509.NameAttribute(NameOID.COMMON_NAME, "Ünïcödé RSA"),
                    x509.NameAttribute(NameOID.ORGANIZATIONAL_UNIT_NAME, "multi-valued"),
                ]
            ),
            x509.RelativeDistinguishedName([x509.NameAttribute(NameOID.COUNTRY_NAME, "DE")]),
            x509.RelativeDistinguishedName(
                [x509.NameAttribute(NameOID.ORGANIZATION_NAME, "BMP", _type=x509.name._ASN1Type.BMPString)]
            ),
        ]
    )
    write("certificate", "self-signed-rsa-2048", certificate(rsa_name, rsa_name, rsa_key.public_key(), rsa_key, 7))
    p521 = keys["secp521r1"]
    write(
        "certificate",
        "self-signed-p521-short",
        certificate(name("p521"), name("p521"), p521.public_key(), p521, 1, days=1),
    )


if __name__ == "__main__":
    sys.exit(main())
