import type { ToastText } from './toast';

/**
 * Toast text without HTML (spec platform-shell §4): translation values reduced to plain text, and
 * escaped when the text will become HTML. DOMPurify, which HTML toasts need, lives in sanitize.ts
 * and is loaded with the first HTML toast only: the sign-in page does not download it.
 */

/** Same shape as react-admin's `useTranslate()` result, without depending on it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A translation value after sanitising: polyglot needs numbers intact to pick plural forms. */
export type PlainValue = string | number | boolean;

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

/** The text of a plain toast: translated, every value plain text (React escapes the rest). */
export const resolvePlainToastText = (text: ToastText, translate: Translate): string =>
  typeof text === 'string' ? text : translate(text.key, sanitizeTranslationValues(text.values, false));
