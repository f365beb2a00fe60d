import { pageParams, zs } from '@go/contract';

// Declared in the contract so endpoint declarations and the web share them.
export { pageParams, zs };

/**
 * The text of a "contains" search box (these lists search their text fields by substring whether or not
 * the client wraps the value in `*`): the value without one leading and one trailing `*`, for `likeContains`.
 */
export function searchText(v: string | undefined): string {
  return (v ?? '').replace(/^\*|\*$/g, '');
}

/** Splits a comma-separated id list. */
export function idList(ids: string): string[] {
  return [...new Set(ids.split(',').map((s) => s.trim()).filter(Boolean))];
}
