// Opening a private bus connection and a SecretService on it.
#include "CLibSecretShims.h"

GDBusConnection *ssc_bus_connection_open(const gchar *address, GCancellable *cancellable, GError **error) {
  gchar *resolved = NULL;
  if (address == NULL) {
    // transfer full
    resolved = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, cancellable, error);
    if (resolved == NULL) return NULL;
    address = resolved;
  }
  // transfer full; exit-on-close stays FALSE for connections not made by g_bus_get.
  GDBusConnection *connection = g_dbus_connection_new_for_address_sync(
      address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
      NULL, cancellable, error);
  g_free(resolved);
  return connection;
}

SecretService *ssc_service_open_on_connection(GType service_gtype, GDBusConnection *connection,
                                              SecretServiceFlags flags, GCancellable *cancellable, GError **error) {
  g_return_val_if_fail(g_type_is_a(service_gtype, ssc_service_get_type()), NULL);
  g_return_val_if_fail(G_IS_DBUS_CONNECTION(connection), NULL);
  const gchar *bus_name = g_getenv("SECRET_SERVICE_BUS_NAME");
  if (bus_name == NULL) bus_name = "org.freedesktop.secrets";
  // g-interface-info is left to libsecret's constructor (its generated info is private to libsecret). The proxy does
  // not ask the bus to start the service (StartServiceByName, one round trip): the caller's Ping has started an
  // activatable provider already (ServiceProvider.detect); its calls may still start one.
  // transfer full
  return g_initable_new(service_gtype, cancellable, error,
                        "g-connection", connection,
                        "g-name", bus_name,
                        "g-object-path", "/org/freedesktop/secrets",
                        "g-interface-name", "org.freedesktop.Secret.Service",
                        "g-flags",
                        G_DBUS_PROXY_FLAGS_DO_NOT_LOAD_PROPERTIES | G_DBUS_PROXY_FLAGS_DO_NOT_CONNECT_SIGNALS |
                            G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START_AT_CONSTRUCTION,
                        "flags", flags,
                        NULL);
}
