import DOMPurify from 'dompurify';
import type { Config } from 'dompurify';

/**
 * Email HTML is hostile (DESIGN.md §9). DOMPurify removes scripts, event handlers and `javascript:`
 * links; on top of that nothing may load from elsewhere — a tracking pixel tells the sender the
 * mail was opened — so remote `src`, `srcset`, `background` and CSS `url()` go, and forms, frames
 * and embedded objects with them. Only inline images (`data:`) stay. The preview shows the result
 * in a sandboxed frame (no scripts) whose content security policy refuses any load that slipped by.
 */
const purifier = DOMPurify();

const inlineImage = /^data:image\/(png|gif|jpe?g|webp|bmp);/i;
const followable = /^(https?:|mailto:)/i;
/** CSS that fetches: `url(…)` other than `data:`, and `@import`. */
const remoteCss = () => /url\s*\(\s*['"]?(?!data:)[^)]*\)|@import[^;]*;?/gi;
const loadingAttributes = new Set([
  'src',
  'srcset',
  'background',
  'poster',
  'lowsrc',
  'dynsrc',
  'xlink:href',
]);

/** Loads refused in the document being sanitised; read once `sanitize` returns. */
let blocked = 0;

purifier.addHook('uponSanitizeAttribute', (node, data) => {
  const value = data.attrValue.trim();
  if (loadingAttributes.has(data.attrName)) {
    if (data.attrName === 'src' && inlineImage.test(value)) return;
    data.keepAttr = false;
    if (value !== '') blocked += 1;
  } else if (data.attrName === 'href') {
    if (node.nodeName.toLowerCase() !== 'a' || !followable.test(value)) data.keepAttr = false;
  } else if (data.attrName === 'style') {
    const css = value.replace(remoteCss(), 'none');
    if (css !== value) blocked += 1;
    data.attrValue = css;
  }
});

purifier.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName !== 'style' || !node.textContent) return;
  const css = node.textContent.replace(remoteCss(), 'none');
  if (css !== node.textContent) blocked += 1;
  node.textContent = css;
});

const config: Config & { RETURN_DOM: true } = {
  WHOLE_DOCUMENT: true,
  RETURN_DOM: true,
  FORBID_TAGS: [
    ...['form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame', 'frameset', 'object'],
    ...['embed', 'link', 'meta', 'base', 'video', 'audio', 'source', 'track'],
  ],
  FORBID_ATTR: ['action', 'formaction', 'ping'],
};

/** What the frame may do: inline styles and inline images, nothing else. */
export const PREVIEW_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

export interface SanitizedEmail {
  /** A whole document for `<iframe srcdoc>`, its policy first in its head. */
  document: string;
  /** How many remote loads (images, backgrounds, style sheets) were removed. */
  blocked: number;
}

/**
 * @example
 * sanitizeEmailHtml('<p>Hi<img src="https://tracker.example/p.gif"><script>alert(1)</script></p>');
 * // → { document: '<!doctype html><html><head><meta http-equiv="Content-Security-Policy" …></head>
 * //     <body><p>Hi<img></p></body></html>', blocked: 1 }
 */
export const sanitizeEmailHtml = (html: string): SanitizedEmail => {
  blocked = 0;
  const root = purifier.sanitize(html, config);
  // DOMPurify gives the <html> element back for a whole document; anything else is not one.
  if (!(root instanceof HTMLElement)) return { document: '', blocked };
  const page = root.ownerDocument;
  let head = root.querySelector('head');
  if (!head) {
    head = page.createElement('head');
    root.prepend(head);
  }
  const policy = page.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = PREVIEW_POLICY;
  const charset = page.createElement('meta');
  charset.setAttribute('charset', 'utf-8');
  head.prepend(charset, policy);
  return { document: `<!doctype html>${root.outerHTML}`, blocked };
};
