// SscService: a SecretService that can be opened on a given GDBusConnection (libsecret's own constructor insists on
// the session bus). The package uses it for the session only: opening it, its path, and encoding and decoding
// secrets.
#include "CLibSecretShims.h"

typedef struct {
  SecretService parent;
} SscService;

typedef struct {
  SecretServiceClass parent_class;
} SscServiceClass;

G_DEFINE_TYPE(SscService, ssc_service, SECRET_TYPE_SERVICE)

// Whether `object`'s property already holds `value`.
static gboolean ssc_property_equals(GObject *object, GParamSpec *pspec, const GValue *value) {
  GValue current = G_VALUE_INIT;
  g_value_init(&current, G_PARAM_SPEC_VALUE_TYPE(pspec));
  g_object_get_property(object, pspec->name, &current);
  gboolean equal = g_param_values_cmp(pspec, &current, value) == 0;
  g_value_unset(&current);
  return equal;
}

// libsecret's constructor forces g-bus-type SESSION (and its own g-flags and g-name), which GDBusProxy rejects
// together with a g-connection. Re-apply what the caller passed and clear the bus type when a connection was given.
// Only values that differ are re-applied: GDBusProxy's set_property does not free the previous value of its
// construct-only strings (GLib 2.74), so re-applying an equal g-name/g-object-path/g-interface-name leaked ~80 bytes
// per SscService (LeakSanitizer; libsecret's own g_object_set in its constructor leaks the same way once more).
static GObject *ssc_service_constructor(GType type, guint n_params, GObjectConstructParam *params) {
  GObject *object = G_OBJECT_CLASS(ssc_service_parent_class)->constructor(type, n_params, params);
  gboolean has_connection = FALSE;
  for (guint i = 0; i < n_params; i++) {
    const gchar *name = params[i].pspec->name;
    if (g_str_equal(name, "g-connection")) {
      has_connection = g_value_get_object(params[i].value) != NULL;
    } else if (g_str_equal(name, "g-flags") || g_str_equal(name, "g-name") || g_str_equal(name, "g-object-path") ||
               g_str_equal(name, "g-interface-name")) {
      if (!g_param_value_defaults(params[i].pspec, params[i].value) &&
          !ssc_property_equals(object, params[i].pspec, params[i].value))
        g_object_set_property(object, name, params[i].value);
    }
  }
  if (has_connection) g_object_set(object, "g-bus-type", G_BUS_TYPE_NONE, NULL);
  return object;
}

static void ssc_service_class_init(SscServiceClass *klass) {
  G_OBJECT_CLASS(klass)->constructor = ssc_service_constructor;
}

static void ssc_service_init(SscService *self) {}
