// The MacTypes result code, which every status of this package is.

/// A result code (Apple: `typealias OSStatus = Int32`).
public typealias OSStatus = Int32

/// No error (Apple's MacTypes `noErr`, the same value as `errSecSuccess`). Apple-platform code compares results with
/// it (`SecItemAdd(query as CFDictionary, nil) == noErr`) and returns it, so it has the type of a result code here.
public let noErr: OSStatus = 0
