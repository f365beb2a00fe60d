/**
 * Colours that keep text readable (WCAG 2.1 AA: 4.5:1 for normal text). The chosen primary colour
 * (the default #1890FF, 3.6:1 on white) stays the theme's seed; text in that colour (links, primary
 * buttons' background behind white text) uses the nearest darker shade that reaches 4.5:1.
 */

function channels(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? m[1].replace(/(.)/g, '$1$1') : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two colours (1 … 21). */
export function contrast(a: string, b: string): number {
  const ca = channels(a);
  const cb = channels(b);
  if (!ca || !cb) return 1;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const hex = (c: [number, number, number]) => `#${c.map((x) => Math.round(x).toString(16).padStart(2, '0')).join('')}`;

/** `color` darkened just enough to read at `ratio` against `background` (unchanged when it already does). */
export function readableShade(color: string, background = '#ffffff', ratio = 4.5): string {
  const c = channels(color);
  if (!c) return color;
  for (let k = 0; k <= 1.0001; k += 0.02) {
    const shade = hex(c.map((x) => x * (1 - k)) as [number, number, number]);
    if (contrast(shade, background) >= ratio) return shade;
  }
  return '#000000';
}
