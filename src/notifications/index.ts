/**
 * Toasts of spec platform-shell §4: `toast.show(...)` from anywhere, `<RaNotificationBridge />` as
 * react-admin's `notification` component (it renders the Toaster), `notificationMessages` for i18n.
 */
export type { ToastInput, ToastSeverity, ToastText } from './toast';
export type { Toast, ToastStore, ToastStoreOptions } from './toastStore';
export { toast, createToastStore, toastDurations, toastDuration, describeToastText } from './toastStore';
export type { Translate, PlainValue } from './toastText';
export { sanitizeTranslationValues, escapeHtml } from './toastText';
export type { ToasterProps } from './Toaster';
export { Toaster } from './Toaster';
export type { ToastItemProps } from './ToastItem';
export { ToastItem, toastWidth } from './ToastItem';
export type { ErrorDialogProps } from './ErrorDialog';
export type { RaNotificationBridgeProps } from './RaNotificationBridge';
export { RaNotificationBridge, toToastInput } from './RaNotificationBridge';
export { notificationMessages, notificationKeys } from './i18n';
