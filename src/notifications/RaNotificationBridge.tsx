import { useEffect, useRef } from 'react';
import { useNotificationContext, useTakeUndoableMutation } from 'react-admin';
import type { NotificationPayload, NotificationType } from 'react-admin';
import type { ToastInput, ToastSeverity } from './toast';
import type { ToastStore } from './toastStore';
import { toast as defaultStore } from './toastStore';
import { Toaster } from './Toaster';

const severityOf = {
  info: 'info',
  warning: 'warn',
  error: 'error',
  success: 'success',
} as const satisfies Record<NotificationType, ToastSeverity>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A react-admin notification as one of our toasts. Its message is a translation key (or a plain
 * sentence, which polyglot shows as is when no such key exists) and `messageArgs` its values.
 * Returns null for a React element message, which a toast cannot carry.
 */
export const toToastInput = ({
  message,
  type,
  notificationOptions,
}: NotificationPayload): ToastInput | null => {
  if (typeof message !== 'string') return null;
  const args: unknown = notificationOptions?.messageArgs;
  return {
    severity: severityOf[type] ?? 'info',
    // react-admin's plural messages ('Element updated |||| %{smart_count} elements updated') print
    // both forms when smart_count is missing; the singular is what a bare notify() call means.
    summary: { key: message, values: { smart_count: 1, ...(isRecord(args) ? args : {}) } },
  };
};

export interface RaNotificationBridgeProps {
  store?: ToastStore;
}

/**
 * Drop-in for `<Admin notification={RaNotificationBridge}>`: react-admin's own notices (saved,
 * deleted, HTTP errors) and ours then appear as one kind of toast (spec platform-shell §4).
 */
export const RaNotificationBridge = ({ store = defaultStore }: RaNotificationBridgeProps) => {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  // takeNotification() reads the queue of the last render; under StrictMode the effect runs twice
  // before the queue updates, so remembering the payload keeps one notice from making two toasts.
  const lastTaken = useRef<NotificationPayload | null>(null);

  useEffect(() => {
    const next = notifications[0];
    if (next === undefined || next === lastTaken.current) return;
    lastTaken.current = next;
    const taken = takeNotification();
    if (!taken) return;
    if (taken.notificationOptions?.undoable) {
      // react-admin defers an undoable mutation until its snackbar closes. Our toasts offer no
      // Undo button, so the mutation is committed now rather than left waiting forever.
      takeMutation()?.({ isUndo: false });
    }
    const input = toToastInput(taken);
    if (input) store.show(input);
    else
      console.warn('RaNotificationBridge: a notification whose message is not a string was not shown', taken);
  }, [notifications, takeNotification, takeMutation, store]);

  return <Toaster store={store} />;
};
