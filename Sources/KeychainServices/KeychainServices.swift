// `import KeychainServices`: Apple's Security names (re-exported from this package's `Security` module, which is
// all that `import Security` brings) plus the Swift-native API of this module: `GenericPassword`,
// `InternetPassword`, `KeychainError`, `KeychainApplication` and their companions.
@_exported import Security
