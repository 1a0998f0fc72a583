import CLibSecret
import CLibSecretShims
package enum _Placeholder { package static func version() -> UInt32 { UInt32(SECRET_MAJOR_VERSION) } }
