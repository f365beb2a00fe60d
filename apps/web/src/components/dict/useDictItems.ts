import { useQuery } from '@tanstack/react-query';
import { getAction } from '../../app/http/client';
import { toOptions, useDictOptions } from '../../app/dict';
import { useSession } from '../../app/session/store';

/** A dictionary option as the widgets use it (docs/system-admin.md, "Company scope": dictionary item). */
export interface DictOption {
  value: string;
  text: string;
  label?: string;
  title?: string;
  description?: string;
  disabled?: boolean;
  color?: string;
}

function normalise(raw: unknown): DictOption[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((r: Record<string, unknown>) => ({
    value: String(r.value ?? ''),
    text: String(r.text ?? r.label ?? r.title ?? r.value ?? ''),
    description: typeof r.description === 'string' ? r.description : undefined,
    disabled: r.disabled === true || r.disabled === '1',
  }));
}

/**
 * Options of a dictionary code. A plain code reads the dictionary cache loaded at login; a table
 * dictionary ("table,text,code[,condition]") or a code missing from the cache asks
 * `/sys/dict/getDictItems/{code}` (empty options on failure, reference §5 JDictSelectTag).
 */
export function useDictItems(dictCode: string | undefined): DictOption[] {
  const cached = useDictOptions(dictCode && !dictCode.includes(',') ? dictCode : '');
  const orgCode = useSession((s) => s.userInfo?.orgCode);
  const needFetch = !!dictCode && (dictCode.includes(',') || !cached || cached.length === 0);
  const q = useQuery({
    queryKey: ['dictItems', dictCode],
    enabled: needFetch,
    staleTime: 5 * 60 * 1000,
    queryFn: async () => {
      // commas stay literal: the signature covers a comma-separated path variable as sent
      const res = await getAction(`/sys/dict/getDictItems/${encodeURIComponent(dictCode as string).replace(/%2C/gi, ',')}`);
      return res.success ? normalise(res.result) : [];
    },
  });
  if (!dictCode) return [];
  if (!needFetch) return normalise(cached);
  // docs/system-admin.md, "Company scope": options filtered by the user's org code in the item description
  return toOptions(q.data ?? [], orgCode).map((o) => ({ ...o, description: o.description ?? undefined }));
}

/** Text of one or several comma-separated values. */
export function dictText(options: DictOption[], value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  return String(value)
    .split(',')
    .map((v) => options.find((o) => o.value === v)?.text ?? v)
    .join(',');
}
