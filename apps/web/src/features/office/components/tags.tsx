import { MISSION_PRIORITY, MISSION_STATUS } from '@go/contract';
import { Tag } from 'antd';

const STATUS_COLOR: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'success', '3': 'error', '4': 'warning' };
const PRIORITY_COLOR: Record<string, string> = { '0': 'green', '1': 'orange', '2': 'red' };

export function MissionStatusTag({ value }: { value: string }) {
  return <Tag color={STATUS_COLOR[value]}>{MISSION_STATUS[value] ?? value}</Tag>;
}

/** Priority colours (docs/office.md): 0 normal green, 1 important orange, 2 urgent red. */
export function PriorityTag({ value }: { value: string }) {
  return <Tag color={PRIORITY_COLOR[value]}>{MISSION_PRIORITY[value] ?? value}</Tag>;
}
