import CLibSecret
import CLibSecretShims

/// GHashTables handed to libsecret. Each owns its keys and values; `deinit` releases the table once.
final class GHashTableRef {
  let table: OpaquePointer

  private init(_ table: OpaquePointer) {
    self.table = table
  }

  deinit {
    g_hash_table_unref(table)  // our reference; frees the copied keys and values
  }

  /// `gchar *` → `gchar *` (search attributes).
  static func strings(_ dictionary: [String: String]) -> GHashTableRef {
    let ref = GHashTableRef(ssc_string_table_new())  // transfer full
    for (key, value) in dictionary {
      ssc_string_table_insert(ref.table, key, value)  // copies both
    }
    return ref
  }

  /// D-Bus property name → GVariant (item properties for CreateItem). Floating values are sunk.
  static func properties(_ properties: [(String, OpaquePointer)]) -> GHashTableRef {
    let ref = GHashTableRef(ssc_property_table_new())  // transfer full
    for (name, value) in properties {
      ssc_property_table_insert(ref.table, name, value)  // copies the name, sinks/refs the value
    }
    return ref
  }
}
