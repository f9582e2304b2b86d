/**
 * Toasts of spec platform-shell §4 and §9. Anything in the console may raise one through
 * `toast.show(...)`; the Toaster component renders them. Text is either plain or a translation
 * reference (`{ key, values }`) whose values are sanitised before interpolation.
 */
export type ToastSeverity = 'info' | 'warn' | 'error' | 'success';

export type ToastText = string | { key: string; values?: Record<string, unknown> };

export interface ToastInput {
  severity: ToastSeverity;
  summary: ToastText;
  detail?: ToastText;
  /** Plain text is the default; `html` lets sanitised markup through (src is always forbidden). */
  html?: boolean;
}
