import DOMPurify from 'dompurify';
import type { ToastText } from './toast';
import { sanitizeTranslationValues, type Translate } from './toastText';

export { escapeHtml, sanitizeTranslationValues } from './toastText';
export type { PlainValue, Translate } from './toastText';

/**
 * Toast text safety (spec platform-shell §4): HTML toasts go through DOMPurify, and values
 * interpolated into a translation are reduced to plain text first, so that data coming from the
 * server (a file name, an error message) can never become markup in the toast.
 */

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
