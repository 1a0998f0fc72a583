import Security

// (name, code, Apple's value, Apple's message) from Apple's Security-61901 `base/SecBase.h`; the messages are the
// header's comments that Apple's build turns into `SecErrorMessages.strings` (the name where there is no comment).

let commonStatusCodesFromAppleSources: [(name: String, code: OSStatus, value: OSStatus, message: String)] = [
  ("errSecSuccess", errSecSuccess, 0, "No error."),
  ("errSecUnimplemented", errSecUnimplemented, -4, "Function or operation not implemented."),
  ("errSecDiskFull", errSecDiskFull, -34, "The disk is full."),
  ("errSecIO", errSecIO, -36, "I/O error."),
  ("errSecOpWr", errSecOpWr, -49, "File already open with write permission."),
  ("errSecParam", errSecParam, -50, "One or more parameters passed to a function were not valid."),
  ("errSecWrPerm", errSecWrPerm, -61, "Write permissions error."),
  ("errSecAllocate", errSecAllocate, -108, "Failed to allocate memory."),
  ("errSecUserCanceled", errSecUserCanceled, -128, "User canceled the operation."),
  ("errSecBadReq", errSecBadReq, -909, "Bad parameter or invalid state for operation."),
  ("errSecInternalComponent", errSecInternalComponent, -2070, "errSecInternalComponent"),
  ("errSecCoreFoundationUnknown", errSecCoreFoundationUnknown, -4960, "errSecCoreFoundationUnknown"),
  ("errSecMissingEntitlement", errSecMissingEntitlement, -34018, "A required entitlement isn't present."),
  (
    "errSecRestrictedAPI", errSecRestrictedAPI, -34020,
    "Client is restricted and is not permitted to perform this operation."
  ),
  (
    "errSecNotAvailable", errSecNotAvailable, -25291, "No keychain is available. You may need to restart your computer."
  ),
  ("errSecReadOnly", errSecReadOnly, -25292, "This keychain cannot be modified."),
  ("errSecAuthFailed", errSecAuthFailed, -25293, "The user name or passphrase you entered is not correct."),
  ("errSecNoSuchKeychain", errSecNoSuchKeychain, -25294, "The specified keychain could not be found."),
  ("errSecInvalidKeychain", errSecInvalidKeychain, -25295, "The specified keychain is not a valid keychain file."),
  ("errSecDuplicateKeychain", errSecDuplicateKeychain, -25296, "A keychain with the same name already exists."),
  ("errSecDuplicateCallback", errSecDuplicateCallback, -25297, "The specified callback function is already installed."),
  ("errSecInvalidCallback", errSecInvalidCallback, -25298, "The specified callback function is not valid."),
  ("errSecDuplicateItem", errSecDuplicateItem, -25299, "The specified item already exists in the keychain."),
  ("errSecItemNotFound", errSecItemNotFound, -25300, "The specified item could not be found in the keychain."),
  (
    "errSecBufferTooSmall", errSecBufferTooSmall, -25301,
    "There is not enough memory available to use the specified item."
  ),
  (
    "errSecDataTooLarge", errSecDataTooLarge, -25302,
    "This item contains information which is too large or in a format that cannot be displayed."
  ),
  ("errSecNoSuchAttr", errSecNoSuchAttr, -25303, "The specified attribute does not exist."),
  (
    "errSecInvalidItemRef", errSecInvalidItemRef, -25304,
    "The specified item is no longer valid. It may have been deleted from the keychain."
  ),
  ("errSecInvalidSearchRef", errSecInvalidSearchRef, -25305, "Unable to search the current keychain."),
  ("errSecNoSuchClass", errSecNoSuchClass, -25306, "The specified item does not appear to be a valid keychain item."),
  ("errSecNoDefaultKeychain", errSecNoDefaultKeychain, -25307, "A default keychain could not be found."),
  ("errSecInteractionNotAllowed", errSecInteractionNotAllowed, -25308, "User interaction is not allowed."),
  ("errSecReadOnlyAttr", errSecReadOnlyAttr, -25309, "The specified attribute could not be modified."),
  (
    "errSecWrongSecVersion", errSecWrongSecVersion, -25310,
    "This keychain was created by a different version of the system software and cannot be opened."
  ),
  (
    "errSecKeySizeNotAllowed", errSecKeySizeNotAllowed, -25311,
    "This item specifies a key size which is too large or too small."
  ),
  (
    "errSecNoStorageModule", errSecNoStorageModule, -25312,
    "A required component (data storage module) could not be loaded. You may need to restart your computer."
  ),
  (
    "errSecNoCertificateModule", errSecNoCertificateModule, -25313,
    "A required component (certificate module) could not be loaded. You may need to restart your computer."
  ),
  (
    "errSecNoPolicyModule", errSecNoPolicyModule, -25314,
    "A required component (policy module) could not be loaded. You may need to restart your computer."
  ),
  (
    "errSecInteractionRequired", errSecInteractionRequired, -25315,
    "User interaction is required, but is currently not allowed."
  ),
  ("errSecDataNotAvailable", errSecDataNotAvailable, -25316, "The contents of this item cannot be retrieved."),
  ("errSecDataNotModifiable", errSecDataNotModifiable, -25317, "The contents of this item cannot be modified."),
  (
    "errSecCreateChainFailed", errSecCreateChainFailed, -25318,
    "One or more certificates required to validate this certificate cannot be found."
  ),
  ("errSecInvalidPrefsDomain", errSecInvalidPrefsDomain, -25319, "The specified preferences domain is not valid."),
  ("errSecInDarkWake", errSecInDarkWake, -25320, "In dark wake, no UI possible"),
  (
    "errSecACLNotSimple", errSecACLNotSimple, -25240,
    "The specified access control list is not in standard (simple) form."
  ),
  ("errSecPolicyNotFound", errSecPolicyNotFound, -25241, "The specified policy cannot be found."),
  ("errSecInvalidTrustSetting", errSecInvalidTrustSetting, -25242, "The specified trust setting is invalid."),
  ("errSecNoAccessForItem", errSecNoAccessForItem, -25243, "The specified item has no access control."),
  ("errSecInvalidOwnerEdit", errSecInvalidOwnerEdit, -25244, "Invalid attempt to change the owner of this item."),
  ("errSecTrustNotAvailable", errSecTrustNotAvailable, -25245, "No trust results are available."),
  ("errSecUnsupportedFormat", errSecUnsupportedFormat, -25256, "Import/Export format unsupported."),
  ("errSecUnknownFormat", errSecUnknownFormat, -25257, "Unknown format in import."),
  ("errSecKeyIsSensitive", errSecKeyIsSensitive, -25258, "Key material must be wrapped for export."),
  ("errSecMultiplePrivKeys", errSecMultiplePrivKeys, -25259, "An attempt was made to import multiple private keys."),
  ("errSecPassphraseRequired", errSecPassphraseRequired, -25260, "Passphrase is required for import/export."),
  ("errSecInvalidPasswordRef", errSecInvalidPasswordRef, -25261, "The password reference was invalid."),
  ("errSecInvalidTrustSettings", errSecInvalidTrustSettings, -25262, "The Trust Settings Record was corrupted."),
  ("errSecNoTrustSettings", errSecNoTrustSettings, -25263, "No Trust Settings were found."),
  (
    "errSecPkcs12VerifyFailure", errSecPkcs12VerifyFailure, -25264,
    "MAC verification failed during PKCS12 import (wrong password?)"
  ),
  ("errSecNotSigner", errSecNotSigner, -26267, "A certificate was not signed by its proposed parent."),
  ("errSecDecode", errSecDecode, -26275, "Unable to decode the provided data."),
  ("errSSLProtocol", errSSLProtocol, -9800, "SSL protocol error"),
  ("errSSLNegotiation", errSSLNegotiation, -9801, "Cipher Suite negotiation failure"),
  ("errSSLFatalAlert", errSSLFatalAlert, -9802, "Fatal alert"),
  ("errSSLWouldBlock", errSSLWouldBlock, -9803, "I/O would block (not fatal)"),
  ("errSSLSessionNotFound", errSSLSessionNotFound, -9804, "attempt to restore an unknown session"),
  ("errSSLClosedGraceful", errSSLClosedGraceful, -9805, "connection closed gracefully"),
  ("errSSLClosedAbort", errSSLClosedAbort, -9806, "connection closed via error"),
  ("errSSLXCertChainInvalid", errSSLXCertChainInvalid, -9807, "invalid certificate chain"),
  ("errSSLBadCert", errSSLBadCert, -9808, "bad certificate format"),
  ("errSSLCrypto", errSSLCrypto, -9809, "underlying cryptographic error"),
  ("errSSLInternal", errSSLInternal, -9810, "Internal error"),
  ("errSSLModuleAttach", errSSLModuleAttach, -9811, "module attach failure"),
  ("errSSLUnknownRootCert", errSSLUnknownRootCert, -9812, "valid cert chain, untrusted root"),
  ("errSSLNoRootCert", errSSLNoRootCert, -9813, "cert chain not verified by root"),
  ("errSSLCertExpired", errSSLCertExpired, -9814, "chain had an expired cert"),
  ("errSSLCertNotYetValid", errSSLCertNotYetValid, -9815, "chain had a cert not yet valid"),
  ("errSSLClosedNoNotify", errSSLClosedNoNotify, -9816, "server closed session with no notification"),
  ("errSSLBufferOverflow", errSSLBufferOverflow, -9817, "insufficient buffer provided"),
  ("errSSLBadCipherSuite", errSSLBadCipherSuite, -9818, "bad SSLCipherSuite"),
  ("errSSLPeerUnexpectedMsg", errSSLPeerUnexpectedMsg, -9819, "unexpected message received"),
  ("errSSLPeerBadRecordMac", errSSLPeerBadRecordMac, -9820, "bad MAC"),
  ("errSSLPeerDecryptionFail", errSSLPeerDecryptionFail, -9821, "decryption failed"),
  ("errSSLPeerRecordOverflow", errSSLPeerRecordOverflow, -9822, "record overflow"),
  ("errSSLPeerDecompressFail", errSSLPeerDecompressFail, -9823, "decompression failure"),
  ("errSSLPeerHandshakeFail", errSSLPeerHandshakeFail, -9824, "handshake failure"),
  ("errSSLPeerBadCert", errSSLPeerBadCert, -9825, "misc. bad certificate"),
  ("errSSLPeerUnsupportedCert", errSSLPeerUnsupportedCert, -9826, "bad unsupported cert format"),
  ("errSSLPeerCertRevoked", errSSLPeerCertRevoked, -9827, "certificate revoked"),
  ("errSSLPeerCertExpired", errSSLPeerCertExpired, -9828, "certificate expired"),
  ("errSSLPeerCertUnknown", errSSLPeerCertUnknown, -9829, "unknown certificate"),
  ("errSSLIllegalParam", errSSLIllegalParam, -9830, "illegal parameter"),
  ("errSSLPeerUnknownCA", errSSLPeerUnknownCA, -9831, "unknown Cert Authority"),
  ("errSSLPeerAccessDenied", errSSLPeerAccessDenied, -9832, "access denied"),
  ("errSSLPeerDecodeError", errSSLPeerDecodeError, -9833, "decoding error"),
  ("errSSLPeerDecryptError", errSSLPeerDecryptError, -9834, "decryption error"),
  ("errSSLPeerExportRestriction", errSSLPeerExportRestriction, -9835, "export restriction"),
  ("errSSLPeerProtocolVersion", errSSLPeerProtocolVersion, -9836, "bad protocol version"),
  ("errSSLPeerInsufficientSecurity", errSSLPeerInsufficientSecurity, -9837, "insufficient security"),
  ("errSSLPeerInternalError", errSSLPeerInternalError, -9838, "internal error"),
  ("errSSLPeerUserCancelled", errSSLPeerUserCancelled, -9839, "user canceled"),
  ("errSSLPeerNoRenegotiation", errSSLPeerNoRenegotiation, -9840, "no renegotiation allowed"),
  (
    "errSSLPeerAuthCompleted", errSSLPeerAuthCompleted, -9841,
    "peer cert is valid, or was ignored if verification disabled"
  ),
  ("errSSLClientCertRequested", errSSLClientCertRequested, -9842, "server has requested a client cert"),
  ("errSSLHostNameMismatch", errSSLHostNameMismatch, -9843, "peer host name mismatch"),
  ("errSSLConnectionRefused", errSSLConnectionRefused, -9844, "peer dropped connection before responding"),
  ("errSSLDecryptionFail", errSSLDecryptionFail, -9845, "decryption failure"),
  ("errSSLBadRecordMac", errSSLBadRecordMac, -9846, "bad MAC"),
  ("errSSLRecordOverflow", errSSLRecordOverflow, -9847, "record overflow"),
  ("errSSLBadConfiguration", errSSLBadConfiguration, -9848, "configuration error"),
  ("errSSLUnexpectedRecord", errSSLUnexpectedRecord, -9849, "unexpected (skipped) record in DTLS"),
  ("errSSLWeakPeerEphemeralDHKey", errSSLWeakPeerEphemeralDHKey, -9850, "weak ephemeral dh key"),
  ("errSSLClientHelloReceived", errSSLClientHelloReceived, -9851, "SNI"),
  ("errSSLTransportReset", errSSLTransportReset, -9852, "transport (socket) shutdown, e.g., TCP RST or FIN."),
  ("errSSLNetworkTimeout", errSSLNetworkTimeout, -9853, "network timeout triggered"),
  ("errSSLConfigurationFailed", errSSLConfigurationFailed, -9854, "TLS configuration failed"),
  ("errSSLUnsupportedExtension", errSSLUnsupportedExtension, -9855, "unsupported TLS extension"),
  ("errSSLUnexpectedMessage", errSSLUnexpectedMessage, -9856, "peer rejected unexpected message"),
  ("errSSLDecompressFail", errSSLDecompressFail, -9857, "decompression failed"),
  ("errSSLHandshakeFail", errSSLHandshakeFail, -9858, "handshake failed"),
  ("errSSLDecodeError", errSSLDecodeError, -9859, "decode failed"),
  ("errSSLInappropriateFallback", errSSLInappropriateFallback, -9860, "inappropriate fallback"),
  ("errSSLMissingExtension", errSSLMissingExtension, -9861, "missing extension"),
  ("errSSLBadCertificateStatusResponse", errSSLBadCertificateStatusResponse, -9862, "bad OCSP response"),
  ("errSSLCertificateRequired", errSSLCertificateRequired, -9863, "certificate required"),
  ("errSSLUnknownPSKIdentity", errSSLUnknownPSKIdentity, -9864, "unknown PSK identity"),
  ("errSSLUnrecognizedName", errSSLUnrecognizedName, -9865, "unknown or unrecognized name"),
  ("errSSLATSViolation", errSSLATSViolation, -9880, "ATS violation"),
  (
    "errSSLATSMinimumVersionViolation", errSSLATSMinimumVersionViolation, -9881,
    "ATS violation: minimum protocol version is not ATS compliant"
  ),
  (
    "errSSLATSCiphersuiteViolation", errSSLATSCiphersuiteViolation, -9882,
    "ATS violation: selected ciphersuite is not ATS compliant"
  ),
  (
    "errSSLATSMinimumKeySizeViolation", errSSLATSMinimumKeySizeViolation, -9883,
    "ATS violation: peer key size is not ATS compliant"
  ),
  (
    "errSSLATSLeafCertificateHashAlgorithmViolation", errSSLATSLeafCertificateHashAlgorithmViolation, -9884,
    "ATS violation: peer leaf certificate hash algorithm is not ATS compliant"
  ),
  (
    "errSSLATSCertificateHashAlgorithmViolation", errSSLATSCertificateHashAlgorithmViolation, -9885,
    "ATS violation: peer certificate hash algorithm is not ATS compliant"
  ),
  (
    "errSSLATSCertificateTrustViolation", errSSLATSCertificateTrustViolation, -9886,
    "ATS violation: peer certificate is not issued by trusted peer"
  ),
  ("errSSLEarlyDataRejected", errSSLEarlyDataRejected, -9890, "Early application data rejected by peer"),
]
