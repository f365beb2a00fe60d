import sanitizeHtml from 'sanitize-html';

/**
 * Rich-text content (announcement and news bodies): formatting, links and images only. No script or
 * style elements, no event-handler attributes, no `javascript:` (or any non-http) links; images may also
 * be data URLs; inline styles limited to a few harmless properties.
 */
const RICH: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'span',
    'font',
    'u',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'h1',
    'h2',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color', 'size'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d+(\.\d+)?(px|pt|em|rem|%)$/],
      'font-weight': [/^(normal|bold|\d{3})$/],
      'text-decoration': [/^[a-z\s-]+$/],
      'line-height': [/^[\d.]+(px|em|%)?$/],
      'padding-left': [/^\d+(px|em)$/],
      width: [/^\d+(px|%)$/],
      height: [/^\d+(px|%)$/],
    },
  },
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html.split('\u0000').join(''), RICH);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&nbsp;': ' ', '&lt;': '', '&gt;': '' };

/**
 * A title as plain text: tags (and script/style bodies) removed, entities decoded, and any left-over
 * angle brackets dropped, so the stored text is harmless wherever it is shown.
 */
export function plainText(s: string | null | undefined): string {
  if (!s) return '';
  const stripped = sanitizeHtml(s.split('\u0000').join(''), { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  return stripped
    .replace(/&(amp|quot|#39|#x27|nbsp|lt|gt);/g, (m) => ENTITIES[m] ?? '')
    .replace(/[<>]/g, '')
    .trim();
}
