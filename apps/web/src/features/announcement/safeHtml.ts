/**
 * Client-side guard for HTML content (the server sanitises too): keeps a small set of formatting tags and
 * attributes, drops scripts, styles that load things, event handlers and javascript:/data: links.
 */
const ALLOWED_TAGS = new Set([
  'a', 'b', 'blockquote', 'br', 'code', 'div', 'em', 'font', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li',
  'ol', 'p', 'pre', 's', 'span', 'strike', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr',
  'u', 'ul', 'mark', 'small', 'del', 'ins', 'caption', 'colgroup', 'col',
]);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'link', 'meta', 'base', 'form', 'textarea', 'select', 'button', 'input']);
const ALLOWED_ATTRS = new Set(['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'align', 'style', 'color', 'target', 'rel']);

function safeUrl(v: string, img: boolean): boolean {
  // Browsers ignore control characters and spaces inside a scheme (`java\tscript:`).
  const s = [...v].filter((c) => c.charCodeAt(0) > 32).join('').toLowerCase();
  if (s.startsWith('javascript:') || s.startsWith('vbscript:')) return false;
  if (s.startsWith('data:')) return img && /^data:image\/(png|jpe?g|gif|webp);/.test(s);
  return true;
}

function clean(node: Node, doc: Document): void {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === 8) {
      child.remove();
      continue;
    }
    if (child.nodeType !== 1) continue;
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      el.remove();
      continue;
    }
    clean(el, doc);
    if (!ALLOWED_TAGS.has(tag)) {
      el.replaceWith(...[...el.childNodes]);
      continue;
    }
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      let keep = ALLOWED_ATTRS.has(name);
      if (keep && (name === 'href' || name === 'src')) keep = safeUrl(attr.value, tag === 'img');
      if (keep && name === 'style') keep = !/expression|url\s*\(|javascript:|@import/i.test(attr.value);
      if (!keep) el.removeAttribute(attr.name);
    }
    if (tag === 'a') {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

/** The sanitised HTML of `html` (empty for nothing). */
export function safeHtml(html: string | null | undefined): string {
  if (!html) return '';
  if (typeof DOMParser === 'undefined') return html.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body, doc);
  return doc.body.innerHTML;
}
