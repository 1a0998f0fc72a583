// Test fixtures that start private keyrings; see dbus/.
import Foundation
