import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { escapeHtml, resolveToastText, sanitizeToastHtml, sanitizeTranslationValues } from './sanitize';
import type { Translate } from './sanitize';

// The console's own translation engine, so interpolation and plural rules are the real ones.
const translate: Translate = polyglotI18nProvider(() => ({
  ...englishMessages,
  upload: { failed: 'Upload of <em>%{name}</em> failed' },
  items: '%{smart_count} item |||| %{smart_count} items',
})).translate;

describe('toast sanitising', () => {
  it('removes the src attribute and event handlers from an image', () => {
    const clean = sanitizeToastHtml('<p>Hi <img src=x onerror="alert(1)"></p>');
    expect(clean).toContain('<img>');
    expect(clean).not.toMatch(/src|onerror|alert/);
  });

  it('removes scripts, style sheets and srcset but keeps harmless markup', () => {
    const clean = sanitizeToastHtml(
      '<b>bold</b><script>alert(1)</script><style>*{}</style><img srcset="a.png 1x">',
    );
    expect(clean).toBe('<b>bold</b><img>');
  });

  it('escapes markup in values when the toast is HTML, and keeps the translation markup', () => {
    const html = resolveToastText({ key: 'upload.failed', values: { name: '<b>x</b>' } }, translate, true);
    expect(html).toBe('Upload of <em>&lt;b&gt;x&lt;/b&gt;</em> failed');
  });

  it('keeps values as plain text when the toast is text (React escapes them)', () => {
    const text = resolveToastText({ key: 'upload.failed', values: { name: '<b>x</b>' } }, translate);
    expect(text).toBe('Upload of <em><b>x</b></em> failed');
  });

  it('keeps numbers intact so that plural forms still work', () => {
    expect(sanitizeTranslationValues({ smart_count: 2, ok: true, none: null }, true)).toEqual({
      smart_count: 2,
      ok: true,
      none: '',
    });
    expect(resolveToastText({ key: 'items', values: { smart_count: 2 } }, translate, true)).toBe('2 items');
  });

  it('sanitises a plain HTML string and leaves a plain text string alone', () => {
    expect(resolveToastText('<img src=x onerror=alert(1)>', translate, true)).toBe('<img>');
    expect(resolveToastText('a < b', translate)).toBe('a < b');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
