import Security

// (name, code, Apple's value, Apple's message) from Apple's Security-61901 `base/SecBase.h`; the messages are the
// header's comments that Apple's build turns into `SecErrorMessages.strings` (the name where there is no comment).

let extendedStatusCodesFromAppleSources1: [(name: String, code: OSStatus, value: OSStatus, message: String)] = [
  ("errSecServiceNotAvailable", errSecServiceNotAvailable, -67585, "The required service is not available."),
  ("errSecInsufficientClientID", errSecInsufficientClientID, -67586, "The client ID is not correct."),
  ("errSecDeviceReset", errSecDeviceReset, -67587, "A device reset has occurred."),
  ("errSecDeviceFailed", errSecDeviceFailed, -67588, "A device failure has occurred."),
  ("errSecAppleAddAppACLSubject", errSecAppleAddAppACLSubject, -67589, "Adding an application ACL subject failed."),
  ("errSecApplePublicKeyIncomplete", errSecApplePublicKeyIncomplete, -67590, "The public key is incomplete."),
  ("errSecAppleSignatureMismatch", errSecAppleSignatureMismatch, -67591, "A signature mismatch has occurred."),
  (
    "errSecAppleInvalidKeyStartDate", errSecAppleInvalidKeyStartDate, -67592,
    "The specified key has an invalid start date."
  ),
  ("errSecAppleInvalidKeyEndDate", errSecAppleInvalidKeyEndDate, -67593, "The specified key has an invalid end date."),
  ("errSecConversionError", errSecConversionError, -67594, "A conversion error has occurred."),
  ("errSecAppleSSLv2Rollback", errSecAppleSSLv2Rollback, -67595, "A SSLv2 rollback error has occurred."),
  ("errSecQuotaExceeded", errSecQuotaExceeded, -67596, "The quota was exceeded."),
  ("errSecFileTooBig", errSecFileTooBig, -67597, "The file is too big."),
  ("errSecInvalidDatabaseBlob", errSecInvalidDatabaseBlob, -67598, "The specified database has an invalid blob."),
  ("errSecInvalidKeyBlob", errSecInvalidKeyBlob, -67599, "The specified database has an invalid key blob."),
  (
    "errSecIncompatibleDatabaseBlob", errSecIncompatibleDatabaseBlob, -67600,
    "The specified database has an incompatible blob."
  ),
  (
    "errSecIncompatibleKeyBlob", errSecIncompatibleKeyBlob, -67601,
    "The specified database has an incompatible key blob."
  ),
  ("errSecHostNameMismatch", errSecHostNameMismatch, -67602, "A host name mismatch has occurred."),
  (
    "errSecUnknownCriticalExtensionFlag", errSecUnknownCriticalExtensionFlag, -67603,
    "There is an unknown critical extension flag."
  ),
  ("errSecNoBasicConstraints", errSecNoBasicConstraints, -67604, "No basic constraints were found."),
  ("errSecNoBasicConstraintsCA", errSecNoBasicConstraintsCA, -67605, "No basic CA constraints were found."),
  ("errSecInvalidAuthorityKeyID", errSecInvalidAuthorityKeyID, -67606, "The authority key ID is not valid."),
  ("errSecInvalidSubjectKeyID", errSecInvalidSubjectKeyID, -67607, "The subject key ID is not valid."),
  (
    "errSecInvalidKeyUsageForPolicy", errSecInvalidKeyUsageForPolicy, -67608,
    "The key usage is not valid for the specified policy."
  ),
  ("errSecInvalidExtendedKeyUsage", errSecInvalidExtendedKeyUsage, -67609, "The extended key usage is not valid."),
  ("errSecInvalidIDLinkage", errSecInvalidIDLinkage, -67610, "The ID linkage is not valid."),
  (
    "errSecPathLengthConstraintExceeded", errSecPathLengthConstraintExceeded, -67611,
    "The path length constraint was exceeded."
  ),
  ("errSecInvalidRoot", errSecInvalidRoot, -67612, "The root or anchor certificate is not valid."),
  ("errSecCRLExpired", errSecCRLExpired, -67613, "The CRL has expired."),
  ("errSecCRLNotValidYet", errSecCRLNotValidYet, -67614, "The CRL is not yet valid."),
  ("errSecCRLNotFound", errSecCRLNotFound, -67615, "The CRL was not found."),
  ("errSecCRLServerDown", errSecCRLServerDown, -67616, "The CRL server is down."),
  ("errSecCRLBadURI", errSecCRLBadURI, -67617, "The CRL has a bad Uniform Resource Identifier."),
  (
    "errSecUnknownCertExtension", errSecUnknownCertExtension, -67618,
    "An unknown certificate extension was encountered."
  ),
  ("errSecUnknownCRLExtension", errSecUnknownCRLExtension, -67619, "An unknown CRL extension was encountered."),
  ("errSecCRLNotTrusted", errSecCRLNotTrusted, -67620, "The CRL is not trusted."),
  ("errSecCRLPolicyFailed", errSecCRLPolicyFailed, -67621, "The CRL policy failed."),
  ("errSecIDPFailure", errSecIDPFailure, -67622, "The issuing distribution point was not valid."),
  (
    "errSecSMIMEEmailAddressesNotFound", errSecSMIMEEmailAddressesNotFound, -67623,
    "An email address mismatch was encountered."
  ),
  (
    "errSecSMIMEBadExtendedKeyUsage", errSecSMIMEBadExtendedKeyUsage, -67624,
    "The appropriate extended key usage for SMIME was not found."
  ),
  ("errSecSMIMEBadKeyUsage", errSecSMIMEBadKeyUsage, -67625, "The key usage is not compatible with SMIME."),
  (
    "errSecSMIMEKeyUsageNotCritical", errSecSMIMEKeyUsageNotCritical, -67626,
    "The key usage extension is not marked as critical."
  ),
  ("errSecSMIMENoEmailAddress", errSecSMIMENoEmailAddress, -67627, "No email address was found in the certificate."),
  (
    "errSecSMIMESubjAltNameNotCritical", errSecSMIMESubjAltNameNotCritical, -67628,
    "The subject alternative name extension is not marked as critical."
  ),
  (
    "errSecSSLBadExtendedKeyUsage", errSecSSLBadExtendedKeyUsage, -67629,
    "The appropriate extended key usage for SSL was not found."
  ),
  ("errSecOCSPBadResponse", errSecOCSPBadResponse, -67630, "The OCSP response was incorrect or could not be parsed."),
  ("errSecOCSPBadRequest", errSecOCSPBadRequest, -67631, "The OCSP request was incorrect or could not be parsed."),
  ("errSecOCSPUnavailable", errSecOCSPUnavailable, -67632, "OCSP service is unavailable."),
  (
    "errSecOCSPStatusUnrecognized", errSecOCSPStatusUnrecognized, -67633,
    "The OCSP server did not recognize this certificate."
  ),
  ("errSecEndOfData", errSecEndOfData, -67634, "An end-of-data was detected."),
  (
    "errSecIncompleteCertRevocationCheck", errSecIncompleteCertRevocationCheck, -67635,
    "An incomplete certificate revocation check occurred."
  ),
  ("errSecNetworkFailure", errSecNetworkFailure, -67636, "A network failure occurred."),
  (
    "errSecOCSPNotTrustedToAnchor", errSecOCSPNotTrustedToAnchor, -67637,
    "The OCSP response was not trusted to a root or anchor certificate."
  ),
  ("errSecRecordModified", errSecRecordModified, -67638, "The record was modified."),
  ("errSecOCSPSignatureError", errSecOCSPSignatureError, -67639, "The OCSP response had an invalid signature."),
  ("errSecOCSPNoSigner", errSecOCSPNoSigner, -67640, "The OCSP response had no signer."),
  (
    "errSecOCSPResponderMalformedReq", errSecOCSPResponderMalformedReq, -67641,
    "The OCSP responder was given a malformed request."
  ),
  (
    "errSecOCSPResponderInternalError", errSecOCSPResponderInternalError, -67642,
    "The OCSP responder encountered an internal error."
  ),
  ("errSecOCSPResponderTryLater", errSecOCSPResponderTryLater, -67643, "The OCSP responder is busy, try again later."),
  (
    "errSecOCSPResponderSignatureRequired", errSecOCSPResponderSignatureRequired, -67644,
    "The OCSP responder requires a signature."
  ),
  (
    "errSecOCSPResponderUnauthorized", errSecOCSPResponderUnauthorized, -67645,
    "The OCSP responder rejected this request as unauthorized."
  ),
  (
    "errSecOCSPResponseNonceMismatch", errSecOCSPResponseNonceMismatch, -67646,
    "The OCSP response nonce did not match the request."
  ),
  (
    "errSecCodeSigningBadCertChainLength", errSecCodeSigningBadCertChainLength, -67647,
    "Code signing encountered an incorrect certificate chain length."
  ),
  (
    "errSecCodeSigningNoBasicConstraints", errSecCodeSigningNoBasicConstraints, -67648,
    "Code signing found no basic constraints."
  ),
  (
    "errSecCodeSigningBadPathLengthConstraint", errSecCodeSigningBadPathLengthConstraint, -67649,
    "Code signing encountered an incorrect path length constraint."
  ),
  (
    "errSecCodeSigningNoExtendedKeyUsage", errSecCodeSigningNoExtendedKeyUsage, -67650,
    "Code signing found no extended key usage."
  ),
  (
    "errSecCodeSigningDevelopment", errSecCodeSigningDevelopment, -67651,
    "Code signing indicated use of a development-only certificate."
  ),
  (
    "errSecResourceSignBadCertChainLength", errSecResourceSignBadCertChainLength, -67652,
    "Resource signing has encountered an incorrect certificate chain length."
  ),
  (
    "errSecResourceSignBadExtKeyUsage", errSecResourceSignBadExtKeyUsage, -67653,
    "Resource signing has encountered an error in the extended key usage."
  ),
  ("errSecTrustSettingDeny", errSecTrustSettingDeny, -67654, "The trust setting for this policy was set to Deny."),
  (
    "errSecInvalidSubjectName", errSecInvalidSubjectName, -67655, "An invalid certificate subject name was encountered."
  ),
  (
    "errSecUnknownQualifiedCertStatement", errSecUnknownQualifiedCertStatement, -67656,
    "An unknown qualified certificate statement was encountered."
  ),
  ("errSecMobileMeRequestQueued", errSecMobileMeRequestQueued, -67657, "errSecMobileMeRequestQueued"),
  ("errSecMobileMeRequestRedirected", errSecMobileMeRequestRedirected, -67658, "errSecMobileMeRequestRedirected"),
  ("errSecMobileMeServerError", errSecMobileMeServerError, -67659, "errSecMobileMeServerError"),
  ("errSecMobileMeServerNotAvailable", errSecMobileMeServerNotAvailable, -67660, "errSecMobileMeServerNotAvailable"),
  ("errSecMobileMeServerAlreadyExists", errSecMobileMeServerAlreadyExists, -67661, "errSecMobileMeServerAlreadyExists"),
  ("errSecMobileMeServerServiceErr", errSecMobileMeServerServiceErr, -67662, "errSecMobileMeServerServiceErr"),
  (
    "errSecMobileMeRequestAlreadyPending", errSecMobileMeRequestAlreadyPending, -67663,
    "errSecMobileMeRequestAlreadyPending"
  ),
  ("errSecMobileMeNoRequestPending", errSecMobileMeNoRequestPending, -67664, "errSecMobileMeNoRequestPending"),
  ("errSecMobileMeCSRVerifyFailure", errSecMobileMeCSRVerifyFailure, -67665, "errSecMobileMeCSRVerifyFailure"),
  (
    "errSecMobileMeFailedConsistencyCheck", errSecMobileMeFailedConsistencyCheck, -67666,
    "errSecMobileMeFailedConsistencyCheck"
  ),
  ("errSecNotInitialized", errSecNotInitialized, -67667, "A function was called without initializing CSSM."),
  (
    "errSecInvalidHandleUsage", errSecInvalidHandleUsage, -67668,
    "The CSSM handle does not match with the service type."
  ),
  (
    "errSecPVCReferentNotFound", errSecPVCReferentNotFound, -67669,
    "A reference to the calling module was not found in the list of authorized callers."
  ),
  (
    "errSecFunctionIntegrityFail", errSecFunctionIntegrityFail, -67670,
    "A function address was not within the verified module."
  ),
  ("errSecInternalError", errSecInternalError, -67671, "An internal error has occurred."),
  ("errSecMemoryError", errSecMemoryError, -67672, "A memory error has occurred."),
  ("errSecInvalidData", errSecInvalidData, -67673, "Invalid data was encountered."),
  ("errSecMDSError", errSecMDSError, -67674, "A Module Directory Service error has occurred."),
  ("errSecInvalidPointer", errSecInvalidPointer, -67675, "An invalid pointer was encountered."),
  ("errSecSelfCheckFailed", errSecSelfCheckFailed, -67676, "Self-check has failed."),
  ("errSecFunctionFailed", errSecFunctionFailed, -67677, "A function has failed."),
  (
    "errSecModuleManifestVerifyFailed", errSecModuleManifestVerifyFailed, -67678,
    "A module manifest verification failure has occurred."
  ),
  ("errSecInvalidGUID", errSecInvalidGUID, -67679, "An invalid GUID was encountered."),
  ("errSecInvalidHandle", errSecInvalidHandle, -67680, "An invalid handle was encountered."),
  ("errSecInvalidDBList", errSecInvalidDBList, -67681, "An invalid DB list was encountered."),
  ("errSecInvalidPassthroughID", errSecInvalidPassthroughID, -67682, "An invalid passthrough ID was encountered."),
  ("errSecInvalidNetworkAddress", errSecInvalidNetworkAddress, -67683, "An invalid network address was encountered."),
  ("errSecCRLAlreadySigned", errSecCRLAlreadySigned, -67684, "The certificate revocation list is already signed."),
  ("errSecInvalidNumberOfFields", errSecInvalidNumberOfFields, -67685, "An invalid number of fields were encountered."),
  ("errSecVerificationFailure", errSecVerificationFailure, -67686, "A verification failure occurred."),
  ("errSecUnknownTag", errSecUnknownTag, -67687, "An unknown tag was encountered."),
  ("errSecInvalidSignature", errSecInvalidSignature, -67688, "An invalid signature was encountered."),
  ("errSecInvalidName", errSecInvalidName, -67689, "An invalid name was encountered."),
  (
    "errSecInvalidCertificateRef", errSecInvalidCertificateRef, -67690,
    "An invalid certificate reference was encountered."
  ),
  (
    "errSecInvalidCertificateGroup", errSecInvalidCertificateGroup, -67691,
    "An invalid certificate group was encountered."
  ),
  ("errSecTagNotFound", errSecTagNotFound, -67692, "The specified tag was not found."),
  ("errSecInvalidQuery", errSecInvalidQuery, -67693, "The specified query was not valid."),
  ("errSecInvalidValue", errSecInvalidValue, -67694, "An invalid value was detected."),
  ("errSecCallbackFailed", errSecCallbackFailed, -67695, "A callback has failed."),
  ("errSecACLDeleteFailed", errSecACLDeleteFailed, -67696, "An ACL delete operation has failed."),
  ("errSecACLReplaceFailed", errSecACLReplaceFailed, -67697, "An ACL replace operation has failed."),
  ("errSecACLAddFailed", errSecACLAddFailed, -67698, "An ACL add operation has failed."),
  ("errSecACLChangeFailed", errSecACLChangeFailed, -67699, "An ACL change operation has failed."),
  (
    "errSecInvalidAccessCredentials", errSecInvalidAccessCredentials, -67700,
    "Invalid access credentials were encountered."
  ),
  ("errSecInvalidRecord", errSecInvalidRecord, -67701, "An invalid record was encountered."),
  ("errSecInvalidACL", errSecInvalidACL, -67702, "An invalid ACL was encountered."),
  ("errSecInvalidSampleValue", errSecInvalidSampleValue, -67703, "An invalid sample value was encountered."),
  ("errSecIncompatibleVersion", errSecIncompatibleVersion, -67704, "An incompatible version was encountered."),
  ("errSecPrivilegeNotGranted", errSecPrivilegeNotGranted, -67705, "The privilege was not granted."),
  ("errSecInvalidScope", errSecInvalidScope, -67706, "An invalid scope was encountered."),
  ("errSecPVCAlreadyConfigured", errSecPVCAlreadyConfigured, -67707, "The PVC is already configured."),
  ("errSecInvalidPVC", errSecInvalidPVC, -67708, "An invalid PVC was encountered."),
  ("errSecEMMLoadFailed", errSecEMMLoadFailed, -67709, "The EMM load has failed."),
  ("errSecEMMUnloadFailed", errSecEMMUnloadFailed, -67710, "The EMM unload has failed."),
  ("errSecAddinLoadFailed", errSecAddinLoadFailed, -67711, "The add-in load operation has failed."),
  ("errSecInvalidKeyRef", errSecInvalidKeyRef, -67712, "An invalid key was encountered."),
  ("errSecInvalidKeyHierarchy", errSecInvalidKeyHierarchy, -67713, "An invalid key hierarchy was encountered."),
  ("errSecAddinUnloadFailed", errSecAddinUnloadFailed, -67714, "The add-in unload operation has failed."),
  ("errSecLibraryReferenceNotFound", errSecLibraryReferenceNotFound, -67715, "A library reference was not found."),
  (
    "errSecInvalidAddinFunctionTable", errSecInvalidAddinFunctionTable, -67716,
    "An invalid add-in function table was encountered."
  ),
  ("errSecInvalidServiceMask", errSecInvalidServiceMask, -67717, "An invalid service mask was encountered."),
  ("errSecModuleNotLoaded", errSecModuleNotLoaded, -67718, "A module was not loaded."),
  ("errSecInvalidSubServiceID", errSecInvalidSubServiceID, -67719, "An invalid subservice ID was encountered."),
  ("errSecAttributeNotInContext", errSecAttributeNotInContext, -67720, "An attribute was not in the context."),
  (
    "errSecModuleManagerInitializeFailed", errSecModuleManagerInitializeFailed, -67721, "A module failed to initialize."
  ),
  ("errSecModuleManagerNotFound", errSecModuleManagerNotFound, -67722, "A module was not found."),
  (
    "errSecEventNotificationCallbackNotFound", errSecEventNotificationCallbackNotFound, -67723,
    "An event notification callback was not found."
  ),
  ("errSecInputLengthError", errSecInputLengthError, -67724, "An input length error was encountered."),
  ("errSecOutputLengthError", errSecOutputLengthError, -67725, "An output length error was encountered."),
  ("errSecPrivilegeNotSupported", errSecPrivilegeNotSupported, -67726, "The privilege is not supported."),
  ("errSecDeviceError", errSecDeviceError, -67727, "A device error was encountered."),
  ("errSecAttachHandleBusy", errSecAttachHandleBusy, -67728, "The CSP handle was busy."),
  ("errSecNotLoggedIn", errSecNotLoggedIn, -67729, "You are not logged in."),
  ("errSecAlgorithmMismatch", errSecAlgorithmMismatch, -67730, "An algorithm mismatch was encountered."),
  ("errSecKeyUsageIncorrect", errSecKeyUsageIncorrect, -67731, "The key usage is incorrect."),
  ("errSecKeyBlobTypeIncorrect", errSecKeyBlobTypeIncorrect, -67732, "The key blob type is incorrect."),
  ("errSecKeyHeaderInconsistent", errSecKeyHeaderInconsistent, -67733, "The key header is inconsistent."),
  ("errSecUnsupportedKeyFormat", errSecUnsupportedKeyFormat, -67734, "The key header format is not supported."),
  ("errSecUnsupportedKeySize", errSecUnsupportedKeySize, -67735, "The key size is not supported."),
  ("errSecInvalidKeyUsageMask", errSecInvalidKeyUsageMask, -67736, "The key usage mask is not valid."),
  ("errSecUnsupportedKeyUsageMask", errSecUnsupportedKeyUsageMask, -67737, "The key usage mask is not supported."),
  ("errSecInvalidKeyAttributeMask", errSecInvalidKeyAttributeMask, -67738, "The key attribute mask is not valid."),
  (
    "errSecUnsupportedKeyAttributeMask", errSecUnsupportedKeyAttributeMask, -67739,
    "The key attribute mask is not supported."
  ),
  ("errSecInvalidKeyLabel", errSecInvalidKeyLabel, -67740, "The key label is not valid."),
  ("errSecUnsupportedKeyLabel", errSecUnsupportedKeyLabel, -67741, "The key label is not supported."),
  ("errSecInvalidKeyFormat", errSecInvalidKeyFormat, -67742, "The key format is not valid."),
  (
    "errSecUnsupportedVectorOfBuffers", errSecUnsupportedVectorOfBuffers, -67743,
    "The vector of buffers is not supported."
  ),
  ("errSecInvalidInputVector", errSecInvalidInputVector, -67744, "The input vector is not valid."),
]
