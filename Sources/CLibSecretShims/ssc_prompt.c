// Running Secret Service prompts with only a connection, a bus name and the prompt's path (no SecretPrompt
// proxy), under the policy of the call's GCancellable: refused at once (and dismissed) unless the cancellable allows
// prompts; otherwise run until Completed, or until the cancellable is cancelled (then dismissed without waiting).
#include "ssc_prompt.h"

#include <pthread.h>

static GQuark ssc_allow_prompts_quark(void) { return g_quark_from_static_string("ssc-allow-prompts"); }

void ssc_cancellable_allow_prompts(GCancellable *cancellable) {
  g_return_if_fail(G_IS_CANCELLABLE(cancellable));
  g_object_set_qdata(G_OBJECT(cancellable), ssc_allow_prompts_quark(), GINT_TO_POINTER(1));
}

gboolean ssc_prompts_allowed(GCancellable *cancellable) {
  return cancellable != NULL && g_object_get_qdata(G_OBJECT(cancellable), ssc_allow_prompts_quark()) != NULL;
}


// MARK: - Dismissing without waiting

void ssc_prompt_dismiss(GDBusConnection *connection, const gchar *name, const gchar *path) {
  // A NULL callback sends the call with NO_REPLY_EXPECTED: nothing waits, no main context is involved, so this may
  // run in any thread (the one that cancels).
  g_dbus_connection_call(connection, name, path, "org.freedesktop.Secret.Prompt", "Dismiss", NULL, NULL,
                         G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
}

// MARK: - An allowed prompt

// The closure's lock is a pthread mutex, not a GMutex: on Linux GLib implements GMutex with raw futex calls that
// ThreadSanitizer cannot see, so it reported a (false) race on `decided` between the cancelling thread and the
// prompt's main context. A pthread mutex is intercepted by TSan, which then sees the ordering we rely on.
typedef struct {
  pthread_mutex_t mutex;
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
  pthread_mutex_destroy(&closure->mutex);
  g_free(closure);
}

// Sets the outcome once; takes ownership of `result` or `error`. Returns whether this call decided.
static gboolean prompt_decide(PromptClosure *closure, GVariant *result, GError *error) {
  gboolean decided = FALSE;
  pthread_mutex_lock(&closure->mutex);
  if (!closure->decided) {
    closure->decided = TRUE;
    closure->result = result;
    closure->error = error;
    result = NULL;
    error = NULL;
    decided = TRUE;
  }
  pthread_mutex_unlock(&closure->mutex);
  if (result) g_variant_unref(result);
  if (error) g_error_free(error);
  return decided;
}

// Runs in the task's main context only: returns the task once the outcome is known and Prompt() has answered, then
// drops the reference held since the prompt started. Callers pass a task they only borrow.
static void prompt_try_finish(GTask *task) {
  PromptClosure *closure = g_task_get_task_data(task);
  gboolean finish = FALSE;
  pthread_mutex_lock(&closure->mutex);
  if (closure->decided && !closure->call_pending && !closure->returned) {
    closure->returned = TRUE;
    finish = TRUE;
  }
  pthread_mutex_unlock(&closure->mutex);
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
  pthread_mutex_lock(&closure->mutex);
  closure->call_pending = FALSE;
  pthread_mutex_unlock(&closure->mutex);
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
  ssc_prompt_dismiss(closure->connection, closure->name, closure->path);
  GWeakRef *weak = g_new0(GWeakRef, 1);
  g_weak_ref_init(weak, task);
  // A weak reference: if the task already returned by another path, the idle does nothing and holds nothing.
  g_main_context_invoke_full(g_task_get_context(task), G_PRIORITY_DEFAULT, prompt_finish_in_context, weak,
                             weak_ref_free);
}

// Starts an allowed prompt on `task` (its source object is the caller's): subscribes to Completed, watches the
// cancellable and calls Prompt("").
static void ssc_prompt_start(GTask *task, GDBusConnection *connection, const gchar *name, const gchar *path,
                             const GVariantType *return_type, GCancellable *cancellable) {
  PromptClosure *closure = g_new0(PromptClosure, 1);
  pthread_mutex_init(&closure->mutex, NULL);
  closure->connection = g_object_ref(connection);
  closure->name = g_strdup(name);
  closure->path = g_strdup(path);
  closure->return_type = return_type ? g_variant_type_copy(return_type) : NULL;
  closure->cancellable = cancellable ? g_object_ref(cancellable) : NULL;
  closure->call_pending = TRUE;
  g_task_set_task_data(task, closure, prompt_closure_free);
  // Held until prompt_try_finish returns the task: the signal subscription borrows the task, so it must stay
  // alive while subscribed. (No destroy notify on the subscription: GDBus would run it later as an idle in this
  // main context, which may never be iterated again.)
  g_object_ref(task);

  closure->completed_subscription = g_dbus_connection_signal_subscribe(
      closure->connection, closure->name, "org.freedesktop.Secret.Prompt", "Completed", closure->path, NULL,
      G_DBUS_SIGNAL_FLAGS_NONE, on_prompt_completed, task, NULL);
  if (cancellable != NULL) {
    // transfer: the handler holds a task reference, released when disconnected or when the cancellable dies.
    closure->cancelled_handler =
        g_cancellable_connect(cancellable, G_CALLBACK(on_prompt_cancelled), g_object_ref(task), g_object_unref);
  }
  // parameters: transfer floating (consumed); the callback holds a task reference.
  g_dbus_connection_call(closure->connection, closure->name, closure->path, "org.freedesktop.Secret.Prompt",
                         "Prompt", g_variant_new("(s)", ""), NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, cancellable,
                         on_prompt_called, g_object_ref(task));
}

void ssc_prompt_run_async(GObject *source, GDBusConnection *connection, const gchar *name, const gchar *path,
                          const GVariantType *return_type, GCancellable *cancellable, GAsyncReadyCallback callback,
                          gpointer user_data) {
  GTask *task = g_task_new(source, cancellable, callback, user_data);  // transfer full
  g_task_set_source_tag(task, ssc_prompt_run_async);
  g_task_set_check_cancellable(task, FALSE);
  if (!ssc_prompts_allowed(cancellable)) {
    ssc_prompt_dismiss(connection, name, path);
    g_task_return_new_error(task, ssc_shim_error_quark(), SSC_SHIM_ERROR_PROMPT_REFUSED,
                            "A prompt is needed but user interaction is not allowed");
  } else if (g_cancellable_is_cancelled(cancellable)) {
    ssc_prompt_dismiss(connection, name, path);
    g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The prompt was cancelled");
  } else {
    ssc_prompt_start(task, connection, name, path, return_type, cancellable);
  }
  g_object_unref(task);
}

GVariant *ssc_prompt_run_finish(GAsyncResult *result, GError **error) {
  g_return_val_if_fail(g_task_get_source_tag(G_TASK(result)) == ssc_prompt_run_async, NULL);
  return g_task_propagate_pointer(G_TASK(result), error);  // transfer full
}

static void on_sync_prompt_done(GObject *source, GAsyncResult *result, gpointer user_data) {
  GAsyncResult **slot = user_data;
  *slot = g_object_ref(result);
}

GVariant *ssc_prompt_run_sync(GObject *source, GDBusConnection *connection, const gchar *name, const gchar *path,
                              const GVariantType *return_type, GCancellable *cancellable, GError **error) {
  GMainContext *context = g_main_context_new();  // transfer full
  GAsyncResult *result = NULL;
  g_main_context_push_thread_default(context);
  ssc_prompt_run_async(source, connection, name, path, return_type, cancellable, on_sync_prompt_done, &result);
  while (result == NULL) g_main_context_iteration(context, TRUE);
  GVariant *retval = ssc_prompt_run_finish(result, error);  // transfer full
  g_object_unref(result);
  // Nothing of ours may stay queued on a context nobody will iterate again.
  while (g_main_context_iteration(context, FALSE)) {
  }
  g_main_context_pop_thread_default(context);
  g_main_context_unref(context);
  return retval;
}
