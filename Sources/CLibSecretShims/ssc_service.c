// SscService: a SecretService that refuses prompts unless the call's GCancellable allows them, and that can be
// opened on a given GDBusConnection.
#include "CLibSecretShims.h"

typedef struct {
  SecretService parent;
} SscService;

typedef struct {
  SecretServiceClass parent_class;
} SscServiceClass;

G_DEFINE_TYPE(SscService, ssc_service, SECRET_TYPE_SERVICE)

static GQuark ssc_allow_prompts_quark(void) { return g_quark_from_static_string("ssc-allow-prompts"); }

void ssc_cancellable_allow_prompts(GCancellable *cancellable) {
  g_return_if_fail(G_IS_CANCELLABLE(cancellable));
  g_object_set_qdata(G_OBJECT(cancellable), ssc_allow_prompts_quark(), GINT_TO_POINTER(1));
}

static gboolean ssc_prompts_allowed(GCancellable *cancellable) {
  return cancellable != NULL && g_object_get_qdata(G_OBJECT(cancellable), ssc_allow_prompts_quark()) != NULL;
}

// libsecret's constructor forces g-bus-type SESSION (and its own g-flags and g-name), which GDBusProxy rejects
// together with a g-connection. Re-apply what the caller passed and clear the bus type when a connection was given.
static GObject *ssc_service_constructor(GType type, guint n_params, GObjectConstructParam *params) {
  GObject *object = G_OBJECT_CLASS(ssc_service_parent_class)->constructor(type, n_params, params);
  gboolean has_connection = FALSE;
  for (guint i = 0; i < n_params; i++) {
    const gchar *name = params[i].pspec->name;
    if (g_str_equal(name, "g-connection")) {
      has_connection = g_value_get_object(params[i].value) != NULL;
    } else if (g_str_equal(name, "g-flags") || g_str_equal(name, "g-name") || g_str_equal(name, "g-object-path") ||
               g_str_equal(name, "g-interface-name")) {
      if (!g_param_value_defaults(params[i].pspec, params[i].value))
        g_object_set_property(object, name, params[i].value);
    }
  }
  if (has_connection) g_object_set(object, "g-bus-type", G_BUS_TYPE_NONE, NULL);
  return object;
}

// MARK: - Dismissing without waiting

static void ssc_prompt_dismiss_no_reply(GDBusConnection *connection, const gchar *name, const gchar *path) {
  // A NULL callback sends the call with NO_REPLY_EXPECTED: nothing waits, no main context is involved.
  g_dbus_connection_call(connection, name, path, "org.freedesktop.Secret.Prompt", "Dismiss", NULL, NULL,
                         G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
}

// MARK: - An allowed prompt

typedef struct {
  GMutex mutex;
  GDBusConnection *connection;
  gchar *name;
  gchar *path;
  GVariantType *return_type;
  GCancellable *cancellable;
  gulong cancelled_handler;
  guint completed_subscription;
  gboolean call_pending;  // Prompt() not answered yet (its callback holds a task reference)
  gboolean decided;       // outcome set
  gboolean returned;      // task returned
  GVariant *result;       // outcome on success
  GError *error;          // outcome on failure
} PromptClosure;

static void prompt_closure_free(gpointer data) {
  PromptClosure *closure = data;
  g_assert(closure->completed_subscription == 0);
  g_assert(closure->cancelled_handler == 0);
  g_clear_object(&closure->connection);
  g_clear_object(&closure->cancellable);
  g_free(closure->name);
  g_free(closure->path);
  if (closure->return_type) g_variant_type_free(closure->return_type);
  if (closure->result) g_variant_unref(closure->result);
  g_clear_error(&closure->error);
  g_mutex_clear(&closure->mutex);
  g_free(closure);
}

// Sets the outcome once; takes ownership of `result` or `error`. Returns whether this call decided.
static gboolean prompt_decide(PromptClosure *closure, GVariant *result, GError *error) {
  gboolean decided = FALSE;
  g_mutex_lock(&closure->mutex);
  if (!closure->decided) {
    closure->decided = TRUE;
    closure->result = result;
    closure->error = error;
    result = NULL;
    error = NULL;
    decided = TRUE;
  }
  g_mutex_unlock(&closure->mutex);
  if (result) g_variant_unref(result);
  if (error) g_error_free(error);
  return decided;
}

// Runs in the task's main context only: returns the task once the outcome is known and Prompt() has answered, then
// drops the reference held since the prompt started. Callers pass a task they only borrow.
static void prompt_try_finish(GTask *task) {
  PromptClosure *closure = g_task_get_task_data(task);
  gboolean finish = FALSE;
  g_mutex_lock(&closure->mutex);
  if (closure->decided && !closure->call_pending && !closure->returned) {
    closure->returned = TRUE;
    finish = TRUE;
  }
  g_mutex_unlock(&closure->mutex);
  if (!finish) return;

  guint subscription = closure->completed_subscription;
  closure->completed_subscription = 0;
  if (subscription != 0) g_dbus_connection_signal_unsubscribe(closure->connection, subscription);
  gulong handler = closure->cancelled_handler;
  closure->cancelled_handler = 0;
  if (handler != 0) g_cancellable_disconnect(closure->cancellable, handler);  // drops the handler's task reference
  if (closure->error != NULL) {
    g_task_return_error(task, g_steal_pointer(&closure->error));
  } else {
    g_task_return_pointer(task, g_steal_pointer(&closure->result), (GDestroyNotify)g_variant_unref);
  }
  g_object_unref(task);  // the reference held from the start of the prompt until now
}

static void on_prompt_completed(GDBusConnection *connection, const gchar *sender, const gchar *path,
                                const gchar *interface_name, const gchar *signal_name, GVariant *parameters,
                                gpointer user_data) {
  GTask *task = G_TASK(user_data);  // valid: unsubscribed before the task returns, in this context
  PromptClosure *closure = g_task_get_task_data(task);
  if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(bv)"))) {
    prompt_decide(closure, NULL,
                  g_error_new(ssc_shim_error_quark(), SSC_SHIM_ERROR_PROMPT_BAD_RESULT,
                              "The prompt's Completed signal has type %s", g_variant_get_type_string(parameters)));
  } else {
    gboolean dismissed = FALSE;
    GVariant *result = NULL;
    g_variant_get(parameters, "(bv)", &dismissed, &result);  // transfer full (result)
    if (dismissed) {
      g_variant_unref(result);
      prompt_decide(closure, NULL,
                    g_error_new_literal(ssc_shim_error_quark(), SSC_SHIM_ERROR_PROMPT_DISMISSED,
                                        "The prompt was dismissed"));
    } else if (closure->return_type != NULL && !g_variant_is_of_type(result, closure->return_type)) {
      GError *error = g_error_new(ssc_shim_error_quark(), SSC_SHIM_ERROR_PROMPT_BAD_RESULT,
                                  "The prompt completed with a result of type %s", g_variant_get_type_string(result));
      g_variant_unref(result);
      prompt_decide(closure, NULL, error);
    } else {
      prompt_decide(closure, result, NULL);
    }
  }
  prompt_try_finish(task);
}

static void on_prompt_called(GObject *source, GAsyncResult *result, gpointer user_data) {
  GTask *task = G_TASK(user_data);  // transfer full: the reference taken for this call
  PromptClosure *closure = g_task_get_task_data(task);
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &error);  // transfer full
  if (reply) g_variant_unref(reply);
  g_mutex_lock(&closure->mutex);
  closure->call_pending = FALSE;
  g_mutex_unlock(&closure->mutex);
  if (error != NULL) prompt_decide(closure, NULL, error);
  prompt_try_finish(task);
  g_object_unref(task);
}

static void weak_ref_free(gpointer data) {
  g_weak_ref_clear(data);
  g_free(data);
}

static gboolean prompt_finish_in_context(gpointer data) {
  GTask *task = g_weak_ref_get(data);  // transfer full (or NULL once the task is gone)
  if (task != NULL) {
    prompt_try_finish(task);
    g_object_unref(task);
  }
  return G_SOURCE_REMOVE;
}

// May run in any thread (the one that cancels). Decides, dismisses the prompt without waiting, and wakes the task's
// context; everything else happens there.
static void on_prompt_cancelled(GCancellable *cancellable, gpointer user_data) {
  GTask *task = G_TASK(user_data);
  PromptClosure *closure = g_task_get_task_data(task);
  if (!prompt_decide(closure, NULL,
                     g_error_new_literal(G_IO_ERROR, G_IO_ERROR_CANCELLED, "The prompt was cancelled")))
    return;
  ssc_prompt_dismiss_no_reply(closure->connection, closure->name, closure->path);
  GWeakRef *weak = g_new0(GWeakRef, 1);
  g_weak_ref_init(weak, task);
  // A weak reference: if the task already returned by another path, the idle does nothing and holds nothing.
  g_main_context_invoke_full(g_task_get_context(task), G_PRIORITY_DEFAULT, prompt_finish_in_context, weak,
                             weak_ref_free);
}

static void ssc_run_allowed_prompt(GTask *task, SecretPrompt *prompt, const GVariantType *return_type,
                                   GCancellable *cancellable) {
  GDBusProxy *proxy = G_DBUS_PROXY(prompt);
  PromptClosure *closure = g_new0(PromptClosure, 1);
  g_mutex_init(&closure->mutex);
  closure->connection = g_object_ref(g_dbus_proxy_get_connection(proxy));  // get: transfer none
  closure->name = g_dbus_proxy_get_name_owner(proxy);                       // transfer full
  if (closure->name == NULL) closure->name = g_strdup(g_dbus_proxy_get_name(proxy));  // transfer none
  closure->path = g_strdup(g_dbus_proxy_get_object_path(proxy));                      // transfer none
  closure->return_type = return_type ? g_variant_type_copy(return_type) : NULL;
  closure->cancellable = cancellable ? g_object_ref(cancellable) : NULL;
  closure->call_pending = TRUE;
  g_task_set_task_data(task, closure, prompt_closure_free);
  // Held until prompt_try_finish returns the task: the signal subscription borrows the task, so it must stay
  // alive while subscribed.
  g_object_ref(task);

  closure->completed_subscription = g_dbus_connection_signal_subscribe(
      closure->connection, closure->name, "org.freedesktop.Secret.Prompt", "Completed", closure->path, NULL,
      G_DBUS_SIGNAL_FLAGS_NONE, on_prompt_completed, task, NULL);
  if (cancellable != NULL) {
    // transfer: the handler holds a task reference, released when disconnected or when the cancellable dies.
    closure->cancelled_handler =
        g_cancellable_connect(cancellable, G_CALLBACK(on_prompt_cancelled), g_object_ref(task), g_object_unref);
  }
  g_dbus_connection_call(closure->connection, closure->name, closure->path, "org.freedesktop.Secret.Prompt",
                         "Prompt", g_variant_new("(s)", ""), NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, cancellable,
                         on_prompt_called, g_object_ref(task));
}

// MARK: - The hooks

static void ssc_service_prompt_async(SecretService *self, SecretPrompt *prompt, const GVariantType *return_type,
                                     GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data) {
  GTask *task = g_task_new(self, cancellable, callback, user_data);  // transfer full
  g_task_set_source_tag(task, ssc_service_prompt_async);
  g_task_set_check_cancellable(task, FALSE);
  GDBusProxy *proxy = prompt ? G_DBUS_PROXY(prompt) : NULL;

  if (proxy == NULL) {
    g_task_return_new_error(task, ssc_shim_error_quark(), SSC_SHIM_ERROR_PROMPT_BAD_RESULT, "No prompt object");
  } else if (!ssc_prompts_allowed(cancellable)) {
    ssc_prompt_dismiss_no_reply(g_dbus_proxy_get_connection(proxy), g_dbus_proxy_get_name(proxy),
                                g_dbus_proxy_get_object_path(proxy));
    g_task_return_new_error(task, ssc_shim_error_quark(), SSC_SHIM_ERROR_PROMPT_REFUSED,
                            "A prompt is needed but user interaction is not allowed");
  } else if (g_cancellable_is_cancelled(cancellable)) {
    ssc_prompt_dismiss_no_reply(g_dbus_proxy_get_connection(proxy), g_dbus_proxy_get_name(proxy),
                                g_dbus_proxy_get_object_path(proxy));
    g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The prompt was cancelled");
  } else {
    ssc_run_allowed_prompt(task, prompt, return_type, cancellable);
  }
  g_object_unref(task);
}

static GVariant *ssc_service_prompt_finish(SecretService *self, GAsyncResult *result, GError **error) {
  g_return_val_if_fail(g_task_is_valid(result, self), NULL);
  return g_task_propagate_pointer(G_TASK(result), error);  // transfer full
}

typedef struct {
  GAsyncResult *result;
} SyncPrompt;

static void on_sync_prompt_done(GObject *source, GAsyncResult *result, gpointer user_data) {
  SyncPrompt *sync = user_data;
  sync->result = g_object_ref(result);
}

static GVariant *ssc_service_prompt_sync(SecretService *self, SecretPrompt *prompt, GCancellable *cancellable,
                                         const GVariantType *return_type, GError **error) {
  GMainContext *context = g_main_context_new();  // transfer full
  SyncPrompt sync = {NULL};
  g_main_context_push_thread_default(context);
  ssc_service_prompt_async(self, prompt, return_type, cancellable, on_sync_prompt_done, &sync);
  while (sync.result == NULL) g_main_context_iteration(context, TRUE);
  GVariant *retval = ssc_service_prompt_finish(self, sync.result, error);
  g_main_context_pop_thread_default(context);
  g_object_unref(sync.result);
  g_main_context_unref(context);
  return retval;
}

static void ssc_service_class_init(SscServiceClass *klass) {
  G_OBJECT_CLASS(klass)->constructor = ssc_service_constructor;
  SecretServiceClass *service_class = SECRET_SERVICE_CLASS(klass);
  service_class->prompt_sync = ssc_service_prompt_sync;
  service_class->prompt_async = ssc_service_prompt_async;
  service_class->prompt_finish = ssc_service_prompt_finish;
}

static void ssc_service_init(SscService *self) {}
