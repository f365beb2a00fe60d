import { Cascader } from 'antd';
import areaData from 'china-area-data/data.json';
import { useMemo } from 'react';

/** Province → city → district codes keyed by parent code; the root code is 86 (docs/widgets.md, "Other widgets"). */
const AREA = areaData as Record<string, Record<string, string>>;
export const AREA_ROOT = '86';

interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

function build(code: string, depth: number): AreaOption[] | undefined {
  const kids = AREA[code];
  if (!kids || depth > 3) return undefined;
  return Object.entries(kids).map(([value, label]) => ({ value, label, children: build(value, depth + 1) }));
}

/** The path of codes from a province down to `code` (e.g. district → [province, city, district]). */
export function areaPath(code: string | undefined): string[] {
  if (!code) return [];
  const path = [code];
  let current = code;
  for (let guard = 0; guard < 4; guard++) {
    const parent = Object.keys(AREA).find((p) => p !== AREA_ROOT && AREA[p][current] !== undefined);
    if (!parent) break;
    path.unshift(parent);
    current = parent;
  }
  return AREA[AREA_ROOT][path[0]] !== undefined ? path : [];
}

/** Text of an area code ("省/市/区"). */
export function areaText(code: string | undefined): string {
  const path = areaPath(code);
  return path.map((c, i) => (i === 0 ? AREA[AREA_ROOT][c] : AREA[path[i - 1]][c])).join('/');
}

/**
 * Area linkage (JAreaLinkage): province/city/district cascader from the china-area-data set
 * rooted at 86; emits the code of the last level chosen.
 */
export function AreaLinkage({
  value,
  onChange,
  placeholder = '请选择省市区',
  disabled,
  id,
}: {
  value?: string;
  onChange?: (code: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}) {
  const options = useMemo(() => build(AREA_ROOT, 1) ?? [], []);
  return (
    <Cascader
      id={id}
      style={{ width: '100%' }}
      options={options}
      value={areaPath(value)}
      placeholder={placeholder}
      disabled={disabled}
      changeOnSelect
      showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input)) }}
      onChange={(v) => onChange?.(v && v.length ? String(v[v.length - 1]) : undefined)}
    />
  );
}
