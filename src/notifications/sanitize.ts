import DOMPurify from 'dompurify';
import type { ToastText } from './toast';

/**
 * Toast text safety (spec platform-shell §4): HTML toasts go through DOMPurify, and values
 * interpolated into a translation are reduced to plain text first, so that data coming from the
 * server (a file name, an error message) can never become markup in the toast.
 */

/** Same shape as react-admin's `useTranslate()` result, without depending on it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A translation value after sanitising: polyglot needs numbers intact to pick plural forms. */
export type PlainValue = string | number | boolean;

/**
 * Scripts and `on*` handlers are removed by DOMPurify's defaults. `src` is forbidden so a toast
 * cannot load anything (tracking pixels, remote scripts); `srcset` is its twin for images.
 * `<style>` is dropped because a toast must not be able to restyle the rest of the console.
 */
const toastPurifyConfig = {
  FORBID_ATTR: ['src', 'srcset'],
  FORBID_TAGS: ['style'],
};

export const sanitizeToastHtml = (html: string): string => DOMPurify.sanitize(html, toastPurifyConfig);

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => htmlEntities[c] ?? c);

const toPlainValue = (value: unknown): PlainValue => {
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value === null || value === undefined) return '';
  return String(value);
};

/**
 * Every value becomes plain text. When the result will be inserted as HTML the text is also
 * escaped, so `<b>x</b>` in a value shows literally instead of turning bold. `_` is polyglot's
 * fallback phrase, not a value, so it is left to the final sanitising of the whole string.
 */
export const sanitizeTranslationValues = (
  values: Record<string, unknown> | undefined,
  asHtml: boolean,
): Record<string, PlainValue> => {
  const result: Record<string, PlainValue> = {};
  for (const [name, raw] of Object.entries(values ?? {})) {
    const plain = toPlainValue(raw);
    result[name] = asHtml && name !== '_' && typeof plain === 'string' ? escapeHtml(plain) : plain;
  }
  return result;
};

/**
 * Turns toast text into the final string: plain text for a text toast, sanitised HTML for an
 * HTML toast.
 *
 * @example
 * resolveToastText({ key: 'app.upload.failed', values: { name: '<b>x</b>' } }, translate, true);
 * // → 'Upload of &lt;b&gt;x&lt;/b&gt; failed'
 */
export const resolveToastText = (text: ToastText, translate: Translate, asHtml = false): string => {
  const resolved =
    typeof text === 'string' ? text : translate(text.key, sanitizeTranslationValues(text.values, asHtml));
  return asHtml ? sanitizeToastHtml(resolved) : resolved;
};
