/**
 * Hierarchical codes in 3-character segments (stock YouBianCodeUtil): a letter and two digits,
 * A01 … A99, then B01 … Z99. A child's code is its parent's code plus the next free segment.
 */
const SEGMENT = /^[A-Z]\d{2}$/;

export function nextSegment(prev: string | null): string {
  if (!prev) return 'A01';
  if (!SEGMENT.test(prev)) throw new Error(`bad code segment ${prev}`);
  const letter = prev.charCodeAt(0);
  const num = Number(prev.slice(1));
  if (num < 99) return `${prev[0]}${String(num + 1).padStart(2, '0')}`;
  if (letter >= 'Z'.charCodeAt(0)) throw new Error('code segments exhausted');
  return `${String.fromCharCode(letter + 1)}01`;
}

/** The next child code under `parentCode` ('' for roots), given the codes of the existing siblings. */
export function nextChildCode(parentCode: string, siblingCodes: string[]): string {
  const segs = siblingCodes
    .filter((c) => c.length === parentCode.length + 3 && c.startsWith(parentCode))
    .map((c) => c.slice(parentCode.length))
    .filter((s) => SEGMENT.test(s))
    .sort();
  return parentCode + nextSegment(segs.length ? segs[segs.length - 1] : null);
}
