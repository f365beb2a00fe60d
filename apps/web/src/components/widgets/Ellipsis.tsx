import { Tooltip } from 'antd';

export const ELLIPSIS_LENGTH = 25;

/** The text cut after `length` characters (default 25) with an ellipsis. */
export function ellipsisText(value: unknown, length = ELLIPSIS_LENGTH): string {
  const s = value === undefined || value === null ? '' : String(value);
  const chars = Array.from(s);
  return chars.length > length ? chars.slice(0, length).join('') + '...' : s;
}

/** Long text shortened to 25 characters; the whole text in a tooltip (stock JEllipsis). */
export function Ellipsis(props: { value?: unknown; length?: number; 'data-testid'?: string }) {
  const full = props.value === undefined || props.value === null ? '' : String(props.value);
  const short = ellipsisText(full, props.length);
  if (short === full) return <span data-testid={props['data-testid']}>{full}</span>;
  return (
    <Tooltip title={full}>
      <span data-testid={props['data-testid']}>{short}</span>
    </Tooltip>
  );
}
