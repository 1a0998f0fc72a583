// SecureTransport / TLS result codes (`errSSL…`, SecBase.h).
// Values from Apple's Security-61901 `base/SecBase.h`; each doc comment is the message `SecCopyErrorMessageString` returns.

/// SSL protocol error
public let errSSLProtocol: OSStatus = -9800
/// Cipher Suite negotiation failure
public let errSSLNegotiation: OSStatus = -9801
/// Fatal alert
public let errSSLFatalAlert: OSStatus = -9802
/// I/O would block (not fatal)
public let errSSLWouldBlock: OSStatus = -9803
/// attempt to restore an unknown session
public let errSSLSessionNotFound: OSStatus = -9804
/// connection closed gracefully
public let errSSLClosedGraceful: OSStatus = -9805
/// connection closed via error
public let errSSLClosedAbort: OSStatus = -9806
/// invalid certificate chain
public let errSSLXCertChainInvalid: OSStatus = -9807
/// bad certificate format
public let errSSLBadCert: OSStatus = -9808
/// underlying cryptographic error
public let errSSLCrypto: OSStatus = -9809
/// Internal error
public let errSSLInternal: OSStatus = -9810
/// module attach failure
public let errSSLModuleAttach: OSStatus = -9811
/// valid cert chain, untrusted root
public let errSSLUnknownRootCert: OSStatus = -9812
/// cert chain not verified by root
public let errSSLNoRootCert: OSStatus = -9813
/// chain had an expired cert
public let errSSLCertExpired: OSStatus = -9814
/// chain had a cert not yet valid
public let errSSLCertNotYetValid: OSStatus = -9815
/// server closed session with no notification
public let errSSLClosedNoNotify: OSStatus = -9816
/// insufficient buffer provided
public let errSSLBufferOverflow: OSStatus = -9817
/// bad SSLCipherSuite
public let errSSLBadCipherSuite: OSStatus = -9818
/// unexpected message received
public let errSSLPeerUnexpectedMsg: OSStatus = -9819
/// bad MAC
public let errSSLPeerBadRecordMac: OSStatus = -9820
/// decryption failed
public let errSSLPeerDecryptionFail: OSStatus = -9821
/// record overflow
public let errSSLPeerRecordOverflow: OSStatus = -9822
/// decompression failure
public let errSSLPeerDecompressFail: OSStatus = -9823
/// handshake failure
public let errSSLPeerHandshakeFail: OSStatus = -9824
/// misc. bad certificate
public let errSSLPeerBadCert: OSStatus = -9825
/// bad unsupported cert format
public let errSSLPeerUnsupportedCert: OSStatus = -9826
/// certificate revoked
public let errSSLPeerCertRevoked: OSStatus = -9827
/// certificate expired
public let errSSLPeerCertExpired: OSStatus = -9828
/// unknown certificate
public let errSSLPeerCertUnknown: OSStatus = -9829
/// illegal parameter
public let errSSLIllegalParam: OSStatus = -9830
/// unknown Cert Authority
public let errSSLPeerUnknownCA: OSStatus = -9831
/// access denied
public let errSSLPeerAccessDenied: OSStatus = -9832
/// decoding error
public let errSSLPeerDecodeError: OSStatus = -9833
/// decryption error
public let errSSLPeerDecryptError: OSStatus = -9834
/// export restriction
public let errSSLPeerExportRestriction: OSStatus = -9835
/// bad protocol version
public let errSSLPeerProtocolVersion: OSStatus = -9836
/// insufficient security
public let errSSLPeerInsufficientSecurity: OSStatus = -9837
/// internal error
public let errSSLPeerInternalError: OSStatus = -9838
/// user canceled
public let errSSLPeerUserCancelled: OSStatus = -9839
/// no renegotiation allowed
public let errSSLPeerNoRenegotiation: OSStatus = -9840
/// peer cert is valid, or was ignored if verification disabled
public let errSSLPeerAuthCompleted: OSStatus = -9841
/// server has requested a client cert
public let errSSLClientCertRequested: OSStatus = -9842
/// peer host name mismatch
public let errSSLHostNameMismatch: OSStatus = -9843
/// peer dropped connection before responding
public let errSSLConnectionRefused: OSStatus = -9844
/// decryption failure
public let errSSLDecryptionFail: OSStatus = -9845
/// bad MAC
public let errSSLBadRecordMac: OSStatus = -9846
/// record overflow
public let errSSLRecordOverflow: OSStatus = -9847
/// configuration error
public let errSSLBadConfiguration: OSStatus = -9848
/// unexpected (skipped) record in DTLS
public let errSSLUnexpectedRecord: OSStatus = -9849
/// weak ephemeral dh key
public let errSSLWeakPeerEphemeralDHKey: OSStatus = -9850
/// SNI
public let errSSLClientHelloReceived: OSStatus = -9851
/// transport (socket) shutdown, e.g., TCP RST or FIN.
public let errSSLTransportReset: OSStatus = -9852
/// network timeout triggered
public let errSSLNetworkTimeout: OSStatus = -9853
/// TLS configuration failed
public let errSSLConfigurationFailed: OSStatus = -9854
/// unsupported TLS extension
public let errSSLUnsupportedExtension: OSStatus = -9855
/// peer rejected unexpected message
public let errSSLUnexpectedMessage: OSStatus = -9856
/// decompression failed
public let errSSLDecompressFail: OSStatus = -9857
/// handshake failed
public let errSSLHandshakeFail: OSStatus = -9858
/// decode failed
public let errSSLDecodeError: OSStatus = -9859
/// inappropriate fallback
public let errSSLInappropriateFallback: OSStatus = -9860
/// missing extension
public let errSSLMissingExtension: OSStatus = -9861
/// bad OCSP response
public let errSSLBadCertificateStatusResponse: OSStatus = -9862
/// certificate required
public let errSSLCertificateRequired: OSStatus = -9863
/// unknown PSK identity
public let errSSLUnknownPSKIdentity: OSStatus = -9864
/// unknown or unrecognized name
public let errSSLUnrecognizedName: OSStatus = -9865
/// ATS violation
public let errSSLATSViolation: OSStatus = -9880
/// ATS violation: minimum protocol version is not ATS compliant
public let errSSLATSMinimumVersionViolation: OSStatus = -9881
/// ATS violation: selected ciphersuite is not ATS compliant
public let errSSLATSCiphersuiteViolation: OSStatus = -9882
/// ATS violation: peer key size is not ATS compliant
public let errSSLATSMinimumKeySizeViolation: OSStatus = -9883
/// ATS violation: peer leaf certificate hash algorithm is not ATS compliant
public let errSSLATSLeafCertificateHashAlgorithmViolation: OSStatus = -9884
/// ATS violation: peer certificate hash algorithm is not ATS compliant
public let errSSLATSCertificateHashAlgorithmViolation: OSStatus = -9885
/// ATS violation: peer certificate is not issued by trusted peer
public let errSSLATSCertificateTrustViolation: OSStatus = -9886
/// Early application data rejected by peer
public let errSSLEarlyDataRejected: OSStatus = -9890
