import { useMemo } from 'react';
import { useSession, type DictItem } from '../session/store';

export interface DictOption {
  value: string;
  label: string;
  text: string;
  title: string;
  disabled?: boolean;
  description?: string | null;
}

/**
 * Whether an item applies to an org code (docs/system-admin.md, "Company scope"): an item whose description lists org codes shows only
 * when the description contains the user's org code or its company code (the first three characters, e.g.
 * A02 for department A02A01); items without a description show to everyone.
 */
export function itemVisibleTo(item: DictItem, orgCode: string | null | undefined): boolean {
  const d = (item.description ?? '').trim();
  if (!d) return true;
  if (!orgCode) return false;
  return d.includes(orgCode) || d.split(/[,，]/).map((s) => s.trim()).includes(orgCode.slice(0, 3));
}

export function toOptions(items: DictItem[] | undefined, orgCode: string | null | undefined): DictOption[] {
  return (items ?? [])
    .filter((i) => itemVisibleTo(i, orgCode))
    .map((i) => {
      const text = i.text ?? i.label ?? i.title ?? String(i.value);
      return { value: String(i.value), label: text, text, title: text, disabled: i.disabled, description: i.description };
    });
}

/** Options of a dictionary from the session's cached items, filtered by the user's org code. */
export function useDictOptions(code: string): DictOption[] {
  const items = useSession((s) => s.dictItems[code]);
  const orgCode = useSession((s) => s.userInfo?.orgCode);
  return useMemo(() => toOptions(items, orgCode), [items, orgCode]);
}

/** Text of a value (comma-separated values translated one by one). */
export function useDictText(code: string): (value: unknown) => string {
  const items = useSession((s) => s.dictItems[code]);
  return useMemo(() => {
    const map = new Map((items ?? []).map((i) => [String(i.value), i.text ?? i.label ?? String(i.value)]));
    return (value: unknown) =>
      value === null || value === undefined || value === ''
        ? ''
        : String(value)
            .split(',')
            .map((v) => map.get(v) ?? v)
            .join(',');
  }, [items]);
}
