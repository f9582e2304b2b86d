import { describe, expect, it } from 'vitest';
import { PREVIEW_POLICY, sanitizeEmailHtml } from './sanitizeEmailHtml';

const bodyOf = (html: string) => {
  const { document: page } = sanitizeEmailHtml(html);
  return new DOMParser().parseFromString(page, 'text/html');
};

describe('sanitizeEmailHtml (DESIGN.md §9)', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const { document: page } = sanitizeEmailHtml(
      '<p onclick="steal()">Hi</p><script>window.__pwned = 1</script><svg onload="x()"></svg><a href="javascript:alert(1)">go</a>',
    );
    expect(page).toContain('Hi');
    for (const banned of ['<script', 'onclick', 'onload', 'javascript:', '__pwned'])
      expect(page).not.toContain(banned);
  });

  it('loads nothing from elsewhere: images, backgrounds, style sheets, frames, forms', () => {
    const { document: page, blocked } = sanitizeEmailHtml(
      [
        '<html><head><style>@import url(https://evil.example/a.css); body { background: url("https://evil.example/b.png") }</style>',
        '<link rel="stylesheet" href="https://evil.example/c.css"><meta http-equiv="refresh" content="0;url=https://evil.example"></head>',
        '<body background="https://evil.example/d.png"><img src="https://evil.example/e.gif" srcset="https://evil.example/f.gif 2x">',
        '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="pin"></form>',
        '<p style="color: red; background-image: url(https://evil.example/g.png)">Red</p></body></html>',
      ].join(''),
    );
    expect(page).not.toContain('evil.example');
    for (const banned of ['<iframe', '<form', '<input', '<link', 'refresh'])
      expect(page).not.toContain(banned);
    expect(page).toContain('color: red');
    expect(blocked).toBeGreaterThanOrEqual(5);
  });

  it('keeps inline images, the email’s own styles and followable links', () => {
    const doc = bodyOf(
      '<style>p { color: blue }</style><img src="data:image/png;base64,iVBORw0KGgo=" alt="logo"><a href="https://acme.test/claims">Claims</a><a href="mailto:help@acme.test">Help</a>',
    );
    expect(doc.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/png/);
    expect(doc.querySelector('style')?.textContent).toContain('color: blue');
    expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://acme.test/claims',
      'mailto:help@acme.test',
    ]);
  });

  it('puts its content security policy first in the document, as a second lock', () => {
    const doc = bodyOf('<p>Hello</p>');
    const policy = doc.head.querySelector('meta[http-equiv="Content-Security-Policy"]');
    expect(policy?.getAttribute('content')).toBe(PREVIEW_POLICY);
    expect(PREVIEW_POLICY).toContain("default-src 'none'");
    expect(doc.body.textContent).toBe('Hello');
  });
});
