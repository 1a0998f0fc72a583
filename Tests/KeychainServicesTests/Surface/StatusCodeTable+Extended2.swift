import Security

// (name, code, Apple's value, Apple's message) from Apple's Security-61901 `base/SecBase.h`; the messages are the
// header's comments that Apple's build turns into `SecErrorMessages.strings` (the name where there is no comment).

let extendedStatusCodesFromAppleSources2: [(name: String, code: OSStatus, value: OSStatus, message: String)] = [
  ("errSecInvalidOutputVector", errSecInvalidOutputVector, -67745, "The output vector is not valid."),
  ("errSecInvalidContext", errSecInvalidContext, -67746, "An invalid context was encountered."),
  ("errSecInvalidAlgorithm", errSecInvalidAlgorithm, -67747, "An invalid algorithm was encountered."),
  ("errSecInvalidAttributeKey", errSecInvalidAttributeKey, -67748, "A key attribute was not valid."),
  ("errSecMissingAttributeKey", errSecMissingAttributeKey, -67749, "A key attribute was missing."),
  (
    "errSecInvalidAttributeInitVector", errSecInvalidAttributeInitVector, -67750,
    "An init vector attribute was not valid."
  ),
  (
    "errSecMissingAttributeInitVector", errSecMissingAttributeInitVector, -67751,
    "An init vector attribute was missing."
  ),
  ("errSecInvalidAttributeSalt", errSecInvalidAttributeSalt, -67752, "A salt attribute was not valid."),
  ("errSecMissingAttributeSalt", errSecMissingAttributeSalt, -67753, "A salt attribute was missing."),
  ("errSecInvalidAttributePadding", errSecInvalidAttributePadding, -67754, "A padding attribute was not valid."),
  ("errSecMissingAttributePadding", errSecMissingAttributePadding, -67755, "A padding attribute was missing."),
  ("errSecInvalidAttributeRandom", errSecInvalidAttributeRandom, -67756, "A random number attribute was not valid."),
  ("errSecMissingAttributeRandom", errSecMissingAttributeRandom, -67757, "A random number attribute was missing."),
  ("errSecInvalidAttributeSeed", errSecInvalidAttributeSeed, -67758, "A seed attribute was not valid."),
  ("errSecMissingAttributeSeed", errSecMissingAttributeSeed, -67759, "A seed attribute was missing."),
  (
    "errSecInvalidAttributePassphrase", errSecInvalidAttributePassphrase, -67760,
    "A passphrase attribute was not valid."
  ),
  ("errSecMissingAttributePassphrase", errSecMissingAttributePassphrase, -67761, "A passphrase attribute was missing."),
  ("errSecInvalidAttributeKeyLength", errSecInvalidAttributeKeyLength, -67762, "A key length attribute was not valid."),
  ("errSecMissingAttributeKeyLength", errSecMissingAttributeKeyLength, -67763, "A key length attribute was missing."),
  ("errSecInvalidAttributeBlockSize", errSecInvalidAttributeBlockSize, -67764, "A block size attribute was not valid."),
  ("errSecMissingAttributeBlockSize", errSecMissingAttributeBlockSize, -67765, "A block size attribute was missing."),
  (
    "errSecInvalidAttributeOutputSize", errSecInvalidAttributeOutputSize, -67766,
    "An output size attribute was not valid."
  ),
  (
    "errSecMissingAttributeOutputSize", errSecMissingAttributeOutputSize, -67767,
    "An output size attribute was missing."
  ),
  (
    "errSecInvalidAttributeRounds", errSecInvalidAttributeRounds, -67768,
    "The number of rounds attribute was not valid."
  ),
  ("errSecMissingAttributeRounds", errSecMissingAttributeRounds, -67769, "The number of rounds attribute was missing."),
  (
    "errSecInvalidAlgorithmParms", errSecInvalidAlgorithmParms, -67770,
    "An algorithm parameters attribute was not valid."
  ),
  (
    "errSecMissingAlgorithmParms", errSecMissingAlgorithmParms, -67771, "An algorithm parameters attribute was missing."
  ),
  ("errSecInvalidAttributeLabel", errSecInvalidAttributeLabel, -67772, "A label attribute was not valid."),
  ("errSecMissingAttributeLabel", errSecMissingAttributeLabel, -67773, "A label attribute was missing."),
  ("errSecInvalidAttributeKeyType", errSecInvalidAttributeKeyType, -67774, "A key type attribute was not valid."),
  ("errSecMissingAttributeKeyType", errSecMissingAttributeKeyType, -67775, "A key type attribute was missing."),
  ("errSecInvalidAttributeMode", errSecInvalidAttributeMode, -67776, "A mode attribute was not valid."),
  ("errSecMissingAttributeMode", errSecMissingAttributeMode, -67777, "A mode attribute was missing."),
  (
    "errSecInvalidAttributeEffectiveBits", errSecInvalidAttributeEffectiveBits, -67778,
    "An effective bits attribute was not valid."
  ),
  (
    "errSecMissingAttributeEffectiveBits", errSecMissingAttributeEffectiveBits, -67779,
    "An effective bits attribute was missing."
  ),
  ("errSecInvalidAttributeStartDate", errSecInvalidAttributeStartDate, -67780, "A start date attribute was not valid."),
  ("errSecMissingAttributeStartDate", errSecMissingAttributeStartDate, -67781, "A start date attribute was missing."),
  ("errSecInvalidAttributeEndDate", errSecInvalidAttributeEndDate, -67782, "An end date attribute was not valid."),
  ("errSecMissingAttributeEndDate", errSecMissingAttributeEndDate, -67783, "An end date attribute was missing."),
  ("errSecInvalidAttributeVersion", errSecInvalidAttributeVersion, -67784, "A version attribute was not valid."),
  ("errSecMissingAttributeVersion", errSecMissingAttributeVersion, -67785, "A version attribute was missing."),
  ("errSecInvalidAttributePrime", errSecInvalidAttributePrime, -67786, "A prime attribute was not valid."),
  ("errSecMissingAttributePrime", errSecMissingAttributePrime, -67787, "A prime attribute was missing."),
  ("errSecInvalidAttributeBase", errSecInvalidAttributeBase, -67788, "A base attribute was not valid."),
  ("errSecMissingAttributeBase", errSecMissingAttributeBase, -67789, "A base attribute was missing."),
  ("errSecInvalidAttributeSubprime", errSecInvalidAttributeSubprime, -67790, "A subprime attribute was not valid."),
  ("errSecMissingAttributeSubprime", errSecMissingAttributeSubprime, -67791, "A subprime attribute was missing."),
  (
    "errSecInvalidAttributeIterationCount", errSecInvalidAttributeIterationCount, -67792,
    "An iteration count attribute was not valid."
  ),
  (
    "errSecMissingAttributeIterationCount", errSecMissingAttributeIterationCount, -67793,
    "An iteration count attribute was missing."
  ),
  (
    "errSecInvalidAttributeDLDBHandle", errSecInvalidAttributeDLDBHandle, -67794,
    "A database handle attribute was not valid."
  ),
  (
    "errSecMissingAttributeDLDBHandle", errSecMissingAttributeDLDBHandle, -67795,
    "A database handle attribute was missing."
  ),
  (
    "errSecInvalidAttributeAccessCredentials", errSecInvalidAttributeAccessCredentials, -67796,
    "An access credentials attribute was not valid."
  ),
  (
    "errSecMissingAttributeAccessCredentials", errSecMissingAttributeAccessCredentials, -67797,
    "An access credentials attribute was missing."
  ),
  (
    "errSecInvalidAttributePublicKeyFormat", errSecInvalidAttributePublicKeyFormat, -67798,
    "A public key format attribute was not valid."
  ),
  (
    "errSecMissingAttributePublicKeyFormat", errSecMissingAttributePublicKeyFormat, -67799,
    "A public key format attribute was missing."
  ),
  (
    "errSecInvalidAttributePrivateKeyFormat", errSecInvalidAttributePrivateKeyFormat, -67800,
    "A private key format attribute was not valid."
  ),
  (
    "errSecMissingAttributePrivateKeyFormat", errSecMissingAttributePrivateKeyFormat, -67801,
    "A private key format attribute was missing."
  ),
  (
    "errSecInvalidAttributeSymmetricKeyFormat", errSecInvalidAttributeSymmetricKeyFormat, -67802,
    "A symmetric key format attribute was not valid."
  ),
  (
    "errSecMissingAttributeSymmetricKeyFormat", errSecMissingAttributeSymmetricKeyFormat, -67803,
    "A symmetric key format attribute was missing."
  ),
  (
    "errSecInvalidAttributeWrappedKeyFormat", errSecInvalidAttributeWrappedKeyFormat, -67804,
    "A wrapped key format attribute was not valid."
  ),
  (
    "errSecMissingAttributeWrappedKeyFormat", errSecMissingAttributeWrappedKeyFormat, -67805,
    "A wrapped key format attribute was missing."
  ),
  ("errSecStagedOperationInProgress", errSecStagedOperationInProgress, -67806, "A staged operation is in progress."),
  ("errSecStagedOperationNotStarted", errSecStagedOperationNotStarted, -67807, "A staged operation was not started."),
  ("errSecVerifyFailed", errSecVerifyFailed, -67808, "A cryptographic verification failure has occurred."),
  ("errSecQuerySizeUnknown", errSecQuerySizeUnknown, -67809, "The query size is unknown."),
  ("errSecBlockSizeMismatch", errSecBlockSizeMismatch, -67810, "A block size mismatch occurred."),
  ("errSecPublicKeyInconsistent", errSecPublicKeyInconsistent, -67811, "The public key was inconsistent."),
  ("errSecDeviceVerifyFailed", errSecDeviceVerifyFailed, -67812, "A device verification failure has occurred."),
  ("errSecInvalidLoginName", errSecInvalidLoginName, -67813, "An invalid login name was detected."),
  ("errSecAlreadyLoggedIn", errSecAlreadyLoggedIn, -67814, "The user is already logged in."),
  ("errSecInvalidDigestAlgorithm", errSecInvalidDigestAlgorithm, -67815, "An invalid digest algorithm was detected."),
  ("errSecInvalidCRLGroup", errSecInvalidCRLGroup, -67816, "An invalid CRL group was detected."),
  ("errSecCertificateCannotOperate", errSecCertificateCannotOperate, -67817, "The certificate cannot operate."),
  ("errSecCertificateExpired", errSecCertificateExpired, -67818, "An expired certificate was detected."),
  ("errSecCertificateNotValidYet", errSecCertificateNotValidYet, -67819, "The certificate is not yet valid."),
  ("errSecCertificateRevoked", errSecCertificateRevoked, -67820, "The certificate was revoked."),
  ("errSecCertificateSuspended", errSecCertificateSuspended, -67821, "The certificate was suspended."),
  ("errSecInsufficientCredentials", errSecInsufficientCredentials, -67822, "Insufficient credentials were detected."),
  ("errSecInvalidAction", errSecInvalidAction, -67823, "The action was not valid."),
  ("errSecInvalidAuthority", errSecInvalidAuthority, -67824, "The authority was not valid."),
  ("errSecVerifyActionFailed", errSecVerifyActionFailed, -67825, "A verify action has failed."),
  ("errSecInvalidCertAuthority", errSecInvalidCertAuthority, -67826, "The certificate authority was not valid."),
  ("errSecInvalidCRLAuthority", errSecInvalidCRLAuthority, -67827, "The CRL authority was not valid."),
  ("errSecInvalidCRLEncoding", errSecInvalidCRLEncoding, -67828, "The CRL encoding was not valid."),
  ("errSecInvalidCRLType", errSecInvalidCRLType, -67829, "The CRL type was not valid."),
  ("errSecInvalidCRL", errSecInvalidCRL, -67830, "The CRL was not valid."),
  ("errSecInvalidFormType", errSecInvalidFormType, -67831, "The form type was not valid."),
  ("errSecInvalidID", errSecInvalidID, -67832, "The ID was not valid."),
  ("errSecInvalidIdentifier", errSecInvalidIdentifier, -67833, "The identifier was not valid."),
  ("errSecInvalidIndex", errSecInvalidIndex, -67834, "The index was not valid."),
  ("errSecInvalidPolicyIdentifiers", errSecInvalidPolicyIdentifiers, -67835, "The policy identifiers are not valid."),
  ("errSecInvalidTimeString", errSecInvalidTimeString, -67836, "The time specified was not valid."),
  ("errSecInvalidReason", errSecInvalidReason, -67837, "The trust policy reason was not valid."),
  ("errSecInvalidRequestInputs", errSecInvalidRequestInputs, -67838, "The request inputs are not valid."),
  ("errSecInvalidResponseVector", errSecInvalidResponseVector, -67839, "The response vector was not valid."),
  ("errSecInvalidStopOnPolicy", errSecInvalidStopOnPolicy, -67840, "The stop-on policy was not valid."),
  ("errSecInvalidTuple", errSecInvalidTuple, -67841, "The tuple was not valid."),
  ("errSecMultipleValuesUnsupported", errSecMultipleValuesUnsupported, -67842, "Multiple values are not supported."),
  ("errSecNotTrusted", errSecNotTrusted, -67843, "The certificate was not trusted."),
  ("errSecNoDefaultAuthority", errSecNoDefaultAuthority, -67844, "No default authority was detected."),
  ("errSecRejectedForm", errSecRejectedForm, -67845, "The trust policy had a rejected form."),
  ("errSecRequestLost", errSecRequestLost, -67846, "The request was lost."),
  ("errSecRequestRejected", errSecRequestRejected, -67847, "The request was rejected."),
  ("errSecUnsupportedAddressType", errSecUnsupportedAddressType, -67848, "The address type is not supported."),
  ("errSecUnsupportedService", errSecUnsupportedService, -67849, "The service is not supported."),
  ("errSecInvalidTupleGroup", errSecInvalidTupleGroup, -67850, "The tuple group was not valid."),
  ("errSecInvalidBaseACLs", errSecInvalidBaseACLs, -67851, "The base ACLs are not valid."),
  ("errSecInvalidTupleCredentials", errSecInvalidTupleCredentials, -67852, "The tuple credentials are not valid."),
  ("errSecInvalidEncoding", errSecInvalidEncoding, -67853, "The encoding was not valid."),
  ("errSecInvalidValidityPeriod", errSecInvalidValidityPeriod, -67854, "The validity period was not valid."),
  ("errSecInvalidRequestor", errSecInvalidRequestor, -67855, "The requestor was not valid."),
  ("errSecRequestDescriptor", errSecRequestDescriptor, -67856, "The request descriptor was not valid."),
  ("errSecInvalidBundleInfo", errSecInvalidBundleInfo, -67857, "The bundle information was not valid."),
  ("errSecInvalidCRLIndex", errSecInvalidCRLIndex, -67858, "The CRL index was not valid."),
  ("errSecNoFieldValues", errSecNoFieldValues, -67859, "No field values were detected."),
  ("errSecUnsupportedFieldFormat", errSecUnsupportedFieldFormat, -67860, "The field format is not supported."),
  ("errSecUnsupportedIndexInfo", errSecUnsupportedIndexInfo, -67861, "The index information is not supported."),
  ("errSecUnsupportedLocality", errSecUnsupportedLocality, -67862, "The locality is not supported."),
  (
    "errSecUnsupportedNumAttributes", errSecUnsupportedNumAttributes, -67863,
    "The number of attributes is not supported."
  ),
  ("errSecUnsupportedNumIndexes", errSecUnsupportedNumIndexes, -67864, "The number of indexes is not supported."),
  (
    "errSecUnsupportedNumRecordTypes", errSecUnsupportedNumRecordTypes, -67865,
    "The number of record types is not supported."
  ),
  ("errSecFieldSpecifiedMultiple", errSecFieldSpecifiedMultiple, -67866, "Too many fields were specified."),
  ("errSecIncompatibleFieldFormat", errSecIncompatibleFieldFormat, -67867, "The field format was incompatible."),
  ("errSecInvalidParsingModule", errSecInvalidParsingModule, -67868, "The parsing module was not valid."),
  ("errSecDatabaseLocked", errSecDatabaseLocked, -67869, "The database is locked."),
  ("errSecDatastoreIsOpen", errSecDatastoreIsOpen, -67870, "The data store is open."),
  ("errSecMissingValue", errSecMissingValue, -67871, "A missing value was detected."),
  ("errSecUnsupportedQueryLimits", errSecUnsupportedQueryLimits, -67872, "The query limits are not supported."),
  (
    "errSecUnsupportedNumSelectionPreds", errSecUnsupportedNumSelectionPreds, -67873,
    "The number of selection predicates is not supported."
  ),
  ("errSecUnsupportedOperator", errSecUnsupportedOperator, -67874, "The operator is not supported."),
  ("errSecInvalidDBLocation", errSecInvalidDBLocation, -67875, "The database location is not valid."),
  ("errSecInvalidAccessRequest", errSecInvalidAccessRequest, -67876, "The access request is not valid."),
  ("errSecInvalidIndexInfo", errSecInvalidIndexInfo, -67877, "The index information is not valid."),
  ("errSecInvalidNewOwner", errSecInvalidNewOwner, -67878, "The new owner is not valid."),
  ("errSecInvalidModifyMode", errSecInvalidModifyMode, -67879, "The modify mode is not valid."),
  (
    "errSecMissingRequiredExtension", errSecMissingRequiredExtension, -67880,
    "A required certificate extension is missing."
  ),
  (
    "errSecExtendedKeyUsageNotCritical", errSecExtendedKeyUsageNotCritical, -67881,
    "The extended key usage extension was not marked critical."
  ),
  ("errSecTimestampMissing", errSecTimestampMissing, -67882, "A timestamp was expected but was not found."),
  ("errSecTimestampInvalid", errSecTimestampInvalid, -67883, "The timestamp was not valid."),
  ("errSecTimestampNotTrusted", errSecTimestampNotTrusted, -67884, "The timestamp was not trusted."),
  (
    "errSecTimestampServiceNotAvailable", errSecTimestampServiceNotAvailable, -67885,
    "The timestamp service is not available."
  ),
  (
    "errSecTimestampBadAlg", errSecTimestampBadAlg, -67886,
    "An unrecognized or unsupported Algorithm Identifier in timestamp."
  ),
  (
    "errSecTimestampBadRequest", errSecTimestampBadRequest, -67887,
    "The timestamp transaction is not permitted or supported."
  ),
  (
    "errSecTimestampBadDataFormat", errSecTimestampBadDataFormat, -67888,
    "The timestamp data submitted has the wrong format."
  ),
  (
    "errSecTimestampTimeNotAvailable", errSecTimestampTimeNotAvailable, -67889,
    "The time source for the Timestamp Authority is not available."
  ),
  (
    "errSecTimestampUnacceptedPolicy", errSecTimestampUnacceptedPolicy, -67890,
    "The requested policy is not supported by the Timestamp Authority."
  ),
  (
    "errSecTimestampUnacceptedExtension", errSecTimestampUnacceptedExtension, -67891,
    "The requested extension is not supported by the Timestamp Authority."
  ),
  (
    "errSecTimestampAddInfoNotAvailable", errSecTimestampAddInfoNotAvailable, -67892,
    "The additional information requested is not available."
  ),
  (
    "errSecTimestampSystemFailure", errSecTimestampSystemFailure, -67893,
    "The timestamp request cannot be handled due to system failure."
  ),
  ("errSecSigningTimeMissing", errSecSigningTimeMissing, -67894, "A signing time was expected but was not found."),
  ("errSecTimestampRejection", errSecTimestampRejection, -67895, "A timestamp transaction was rejected."),
  ("errSecTimestampWaiting", errSecTimestampWaiting, -67896, "A timestamp transaction is waiting."),
  (
    "errSecTimestampRevocationWarning", errSecTimestampRevocationWarning, -67897,
    "A timestamp authority revocation warning was issued."
  ),
  (
    "errSecTimestampRevocationNotification", errSecTimestampRevocationNotification, -67898,
    "A timestamp authority revocation notification was issued."
  ),
  (
    "errSecCertificatePolicyNotAllowed", errSecCertificatePolicyNotAllowed, -67899,
    "The requested policy is not allowed for this certificate."
  ),
  (
    "errSecCertificateNameNotAllowed", errSecCertificateNameNotAllowed, -67900,
    "The requested name is not allowed for this certificate."
  ),
  (
    "errSecCertificateValidityPeriodTooLong", errSecCertificateValidityPeriodTooLong, -67901,
    "The validity period in the certificate exceeds the maximum allowed."
  ),
  (
    "errSecCertificateIsCA", errSecCertificateIsCA, -67902, "The verified certificate is a CA rather than an end-entity"
  ),
  (
    "errSecCertificateDuplicateExtension", errSecCertificateDuplicateExtension, -67903,
    "The certificate contains multiple extensions with the same extension ID."
  ),
  (
    "errSecMissingQualifiedCertStatement", errSecMissingQualifiedCertStatement, -67904,
    "A qualified certificate statement was expected but missing."
  ),
]
