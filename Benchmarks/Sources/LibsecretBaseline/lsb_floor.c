// The D-Bus floor: the cheapest calls to the keyring daemon, with GDBus directly (no libsecret in between).
#include "lsb_internal.h"

int lsb_ping(void) {
  lsb_clear_error();
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_sync(lsb_bus(), LSB_SECRETS_NAME, LSB_SECRETS_PATH,
                                                "org.freedesktop.DBus.Peer", "Ping", NULL, G_VARIANT_TYPE_UNIT,
                                                G_DBUS_CALL_FLAGS_NO_AUTO_START, LSB_DBUS_TIMEOUT_MS, NULL,
                                                &error); // transfer full
  if (reply == NULL) {
    lsb_fail("Peer.Ping", error);
    return -1;
  }
  g_variant_unref(reply);
  return 0;
}

// SearchItems(a{ss}) -> (unlocked ao, locked ao); returns the number of unlocked paths.
static long search_items(const char *call, GVariant *match /* floating: consumed */) {
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_sync(lsb_bus(), LSB_SECRETS_NAME, LSB_SECRETS_PATH, LSB_SERVICE_INTERFACE,
                                                "SearchItems", g_variant_new_tuple(&match, 1),
                                                G_VARIANT_TYPE("(aoao)"), G_DBUS_CALL_FLAGS_NO_AUTO_START,
                                                LSB_DBUS_TIMEOUT_MS, NULL, &error); // transfer full
  if (reply == NULL) {
    lsb_fail(call, error);
    return -1;
  }
  GVariant *unlocked = g_variant_get_child_value(reply, 0); // transfer full
  long count = (long)g_variant_n_children(unlocked);
  g_variant_unref(unlocked);
  g_variant_unref(reply);
  return count;
}

long lsb_search_items_no_match(void) {
  lsb_clear_error();
  GVariantBuilder builder;
  g_variant_builder_init(&builder, G_VARIANT_TYPE("a{ss}"));
  g_variant_builder_add(&builder, "{ss}", "bench.no-such-attribute", "nothing has it");
  return search_items("SearchItems (no match)", g_variant_builder_end(&builder));
}

long lsb_count(const char *service, const char *account) {
  lsb_clear_error();
  GVariantBuilder builder;
  g_variant_builder_init(&builder, G_VARIANT_TYPE("a{ss}"));
  g_variant_builder_add(&builder, "{ss}", "service", service);
  if (account != NULL) g_variant_builder_add(&builder, "{ss}", "account", account);
  return search_items("SearchItems", g_variant_builder_end(&builder));
}
