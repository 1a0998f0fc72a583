import Foundation

/// The polkit action user presence is checked with, as a `.policy` file for `/usr/share/polkit-1/actions/`:
/// `auth_self` for every subject (active, inactive and other sessions), so polkit asks the user of the process
/// to authenticate as themselves every time (not `auth_self_keep`: an authorization kept for minutes would let
/// later calls through without the user, which Apple's item ACLs never do without a shared `LAContext`).
///
/// polkitd reads actions only from that directory (compiled in); a running polkitd picks up a new file at once.
package enum UserPresenceAction {
  /// The text the agent's dialog shows.
  package static let defaultMessage = "Authentication is required to use a protected keychain item"

  /// Where polkitd reads the file of `actionID` from.
  package static func policyFilePath(actionID: String) -> String {
    "/usr/share/polkit-1/actions/\(actionID).policy"
  }

  /// The `.policy` file declaring `actionID` with `message`.
  package static func policyFile(actionID: String, message: String = defaultMessage) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE policyconfig PUBLIC "-//freedesktop//DTD PolicyKit Policy Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/PolicyKit/1.0/policyconfig.dtd">
    <!-- User presence for keychain items protected by kSecAttrAccessControl (swift-keychain-linux). -->
    <policyconfig>
      <vendor>swift-keychain-linux</vendor>
      <vendor_url>https://github.com/swift-keychain-linux/swift-keychain-linux</vendor_url>
      <action id="\(escaped(actionID))">
        <description>Use a keychain item protected by user presence</description>
        <message>\(escaped(message))</message>
        <icon_name>dialog-password</icon_name>
        <defaults>
          <allow_any>auth_self</allow_any>
          <allow_inactive>auth_self</allow_inactive>
          <allow_active>auth_self</allow_active>
        </defaults>
      </action>
    </policyconfig>

    """
  }

  /// `text` with XML's special characters escaped.
  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }
}
