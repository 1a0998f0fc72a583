// The XDG Secret portal's RetrieveSecret: the application's secret, which keys libsecret's keyring file inside a
// sandbox. Synchronous on a private main context, bounded by the caller's GCancellable (its deadline).
//
// Unlike libsecret 0.20.5 (which subscribes to the Request's Response signal after the call returns and reads exactly
// 64 bytes) this subscribes first, on the path the `handle_token` option fixes, and reads the pipe to its end.
#include <errno.h>
#include <gio/gunixfdlist.h>
#include <glib-unix.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "CLibSecretShims.h"

#define SSC_PORTAL_NAME "org.freedesktop.portal.Desktop"
#define SSC_PORTAL_PATH "/org/freedesktop/portal/desktop"
#define SSC_PORTAL_SECRET "org.freedesktop.portal.Secret"
#define SSC_PORTAL_REQUEST "org.freedesktop.portal.Request"
// More than any portal sends (gnome-keyring: 64 bytes); a longer answer is refused rather than read forever.
#define SSC_PORTAL_MAX_SECRET 4096

typedef struct {
  gboolean call_pending;   // RetrieveSecret not answered yet (its callback uses this state)
  gboolean answered;       // Response received
  guint32 response;        // its code: 0 success, 1 cancelled, 2 other
  gchar *request_path;     // the Request object the call returned
  GError *error;           // the call's failure
  gboolean cancelled;      // the cancellable fired
} PortalState;

static void on_portal_response(GDBusConnection *connection, const gchar *sender, const gchar *path,
                               const gchar *interface_name, const gchar *signal_name, GVariant *parameters,
                               gpointer user_data) {
  PortalState *state = user_data;
  if (state->answered) return;
  state->answered = TRUE;
  state->response = 2;
  if (g_variant_is_of_type(parameters, G_VARIANT_TYPE("(ua{sv})"))) {
    g_variant_get(parameters, "(ua{sv})", &state->response, NULL);
  }
}

static void on_retrieve_called(GObject *source, GAsyncResult *result, gpointer user_data) {
  PortalState *state = user_data;
  GVariant *reply =
      g_dbus_connection_call_with_unix_fd_list_finish(G_DBUS_CONNECTION(source), NULL, result, &state->error);
  if (reply != NULL) {
    g_variant_get(reply, "(o)", &state->request_path);  // transfer full (the string)
    g_variant_unref(reply);                             // transfer full
  }
  state->call_pending = FALSE;
}

static gboolean on_cancelled(GCancellable *cancellable, gpointer user_data) {
  PortalState *state = user_data;
  state->cancelled = TRUE;
  return G_SOURCE_REMOVE;
}

// The Request path the portal gives a call from `connection` with `token`: the unique name without its ':' and with
// '.' as '_'.
static gchar *ssc_portal_request_path(GDBusConnection *connection, const gchar *token) {
  const gchar *unique = g_dbus_connection_get_unique_name(connection);  // transfer none
  gchar *sender = g_strdup(unique != NULL && unique[0] == ':' ? unique + 1 : (unique ? unique : ""));
  for (gchar *c = sender; *c; c++) {
    if (*c == '.') *c = '_';
  }
  gchar *path = g_strdup_printf(SSC_PORTAL_PATH "/request/%s/%s", sender, token);
  g_free(sender);
  return path;
}

// Reads `fd` to its end into a buffer that is wiped when it is given up; waits at most until `cancellable` fires.
static gboolean ssc_portal_read_all(int fd, GCancellable *cancellable, guint8 **secret, gsize *length,
                                    GError **error) {
  guint8 *buffer = g_malloc(SSC_PORTAL_MAX_SECRET);
  gsize filled = 0;
  GPollFD cancel_fd = {0};
  gboolean can_poll_cancel = g_cancellable_make_pollfd(cancellable, &cancel_fd);
  for (;;) {
    struct pollfd fds[2] = {{.fd = fd, .events = POLLIN}, {.fd = can_poll_cancel ? cancel_fd.fd : -1, .events = POLLIN}};
    if (g_cancellable_is_cancelled(cancellable)) break;
    int ready = poll(fds, 2, -1);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) {
      g_set_error(error, G_IO_ERROR, g_io_error_from_errno(errno), "poll failed: %s", g_strerror(errno));
      goto fail;
    }
    if (fds[1].revents != 0) break;  // cancelled
    if (filled == SSC_PORTAL_MAX_SECRET) {
      g_set_error_literal(error, ssc_shim_error_quark(), SSC_SHIM_ERROR_PORTAL_FAILED,
                          "The portal sent a secret longer than 4096 bytes");
      goto fail;
    }
    ssize_t count = read(fd, buffer + filled, SSC_PORTAL_MAX_SECRET - filled);
    if (count < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (count < 0) {
      g_set_error(error, G_IO_ERROR, g_io_error_from_errno(errno), "reading the secret failed: %s",
                  g_strerror(errno));
      goto fail;
    }
    if (count == 0) {
      if (can_poll_cancel) g_cancellable_release_fd(cancellable);
      *secret = buffer;
      *length = filled;
      return TRUE;
    }
    filled += (gsize)count;
  }
  g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Operation was cancelled");
fail:
  if (can_poll_cancel) g_cancellable_release_fd(cancellable);
  ssc_wipe(buffer, SSC_PORTAL_MAX_SECRET);
  g_free(buffer);
  return FALSE;
}

gboolean ssc_portal_retrieve_secret_sync(GDBusConnection *connection, GCancellable *cancellable, gint timeout_ms,
                                         guint8 **secret, gsize *length, GError **error) {
  g_return_val_if_fail(G_IS_DBUS_CONNECTION(connection), FALSE);
  g_return_val_if_fail(G_IS_CANCELLABLE(cancellable), FALSE);
  *secret = NULL;
  *length = 0;

  int fds[2];
  if (!g_unix_open_pipe(fds, FD_CLOEXEC, error)) return FALSE;
  GUnixFDList *fd_list = g_unix_fd_list_new();  // transfer full
  gint fd_index = g_unix_fd_list_append(fd_list, fds[1], error);  // duplicates the fd
  close(fds[1]);  // only the portal's copy may keep the pipe open, so that its end is seen
  if (fd_index < 0) {
    close(fds[0]);
    g_object_unref(fd_list);
    return FALSE;
  }

  gchar *token = g_strdup_printf("ssc%08x%08x", g_random_int(), g_random_int());
  gchar *expected_path = ssc_portal_request_path(connection, token);
  PortalState state = {.call_pending = TRUE};

  GMainContext *context = g_main_context_new();  // transfer full
  g_main_context_push_thread_default(context);
  // Subscribed before the call, in this context, so that a Response sent at once is not missed.
  guint subscription = g_dbus_connection_signal_subscribe(connection, SSC_PORTAL_NAME, SSC_PORTAL_REQUEST, "Response",
                                                          expected_path, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                                          on_portal_response, &state, NULL);
  guint fallback_subscription = 0;
  GSource *cancel_source = g_cancellable_source_new(cancellable);  // transfer full
  g_source_set_callback(cancel_source, G_SOURCE_FUNC(on_cancelled), &state, NULL);
  g_source_attach(cancel_source, context);

  GVariantBuilder options;
  g_variant_builder_init(&options, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add(&options, "{sv}", "handle_token", g_variant_new_string(token));
  g_dbus_connection_call_with_unix_fd_list(connection, SSC_PORTAL_NAME, SSC_PORTAL_PATH, SSC_PORTAL_SECRET,
                                           "RetrieveSecret", g_variant_new("(h@a{sv})", fd_index,
                                                                           g_variant_builder_end(&options)),
                                           G_VARIANT_TYPE("(o)"), G_DBUS_CALL_FLAGS_NONE, timeout_ms, fd_list,
                                           cancellable, on_retrieve_called, &state);
  g_object_unref(fd_list);  // the message holds its own reference until it is sent

  while (state.call_pending || (state.error == NULL && !state.answered && !state.cancelled)) {
    if (!state.call_pending && state.request_path != NULL && fallback_subscription == 0 &&
        g_strcmp0(state.request_path, expected_path) != 0) {
      // A portal that ignores handle_token: listen on the path it returned (a Response sent before this is lost;
      // the deadline ends the wait then).
      fallback_subscription = g_dbus_connection_signal_subscribe(connection, SSC_PORTAL_NAME, SSC_PORTAL_REQUEST,
                                                                 "Response", state.request_path, NULL,
                                                                 G_DBUS_SIGNAL_FLAGS_NONE, on_portal_response,
                                                                 &state, NULL);
    }
    g_main_context_iteration(context, TRUE);
  }
  if (!state.answered && state.error == NULL && state.request_path != NULL) {
    // The deadline passed while the portal was still asking: close the request without waiting.
    g_dbus_connection_call(connection, SSC_PORTAL_NAME, state.request_path, SSC_PORTAL_REQUEST, "Close", NULL, NULL,
                           G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
  }

  g_dbus_connection_signal_unsubscribe(connection, subscription);
  if (fallback_subscription != 0) g_dbus_connection_signal_unsubscribe(connection, fallback_subscription);
  g_source_destroy(cancel_source);
  g_source_unref(cancel_source);  // our reference
  while (g_main_context_iteration(context, FALSE)) {
  }
  g_main_context_pop_thread_default(context);
  g_main_context_unref(context);  // our reference

  gboolean ok = FALSE;
  if (state.error != NULL) {
    g_propagate_error(error, state.error);
  } else if (!state.answered) {
    g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Operation was cancelled");
  } else if (state.response == 1) {
    g_set_error_literal(error, ssc_shim_error_quark(), SSC_SHIM_ERROR_PORTAL_CANCELLED,
                        "The portal's request was cancelled");
  } else if (state.response != 0) {
    g_set_error(error, ssc_shim_error_quark(), SSC_SHIM_ERROR_PORTAL_FAILED,
                "The portal refused the secret (response %u)", state.response);
  } else {
    ok = ssc_portal_read_all(fds[0], cancellable, secret, length, error);
    if (ok && *length == 0) {
      g_free(*secret);
      *secret = NULL;
      ok = FALSE;
      g_set_error_literal(error, ssc_shim_error_quark(), SSC_SHIM_ERROR_PORTAL_FAILED,
                          "The portal sent an empty secret");
    }
  }
  close(fds[0]);
  g_free(state.request_path);
  g_free(expected_path);
  g_free(token);
  return ok;
}
