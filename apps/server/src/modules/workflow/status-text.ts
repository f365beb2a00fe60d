import type { Database } from '../../platform/db/database.js';

/**
 * The form's approval status while tasks are open, in words people read:
 * `审批中：部门负责人审批（马超）、HR评分（王芳、李娜）` — node names and approver names, never node ids.
 */
export async function pendingStatusText(db: Database, instId: string): Promise<string> {
  const texts = await applicationStatusTexts(db, [{ procInstId: instId, status: 1, result: 1 }]);
  return (texts.get(instId) ?? '审批中').slice(0, 200);
}

/** An open task of an instance with one open candidate (or none), as the status text reads it. */
export interface OpenTaskRow {
  nodeId: string;
  name: string | null;
  assignee: string | null;
  username: string | null;
  /** the real name of the assignee, else of the candidate */
  realname: string | null;
}

/**
 * `审批中：节点（审批人）…` of one instance from its open tasks, in creation order (one row per open
 * candidate); undefined when no task is open.
 */
export function runningStatusText(open: OpenTaskRow[]): string | undefined {
  if (!open.length) return undefined;
  const nodes = new Map<string, { name: string; people: Set<string> }>();
  for (const r of open) {
    const node = nodes.get(r.nodeId) ?? { name: r.name ?? r.nodeId, people: new Set<string>() };
    const who = r.realname ?? r.assignee ?? r.username;
    if (who) node.people.add(who);
    nodes.set(r.nodeId, node);
  }
  const parts = [...nodes.values()].map((n) => {
    const people = [...n.people];
    const shown = people.length > 3 ? `${people.slice(0, 3).join('、')}等${people.length}人` : people.join('、');
    return shown ? `${n.name}（${shown}）` : n.name;
  });
  return `审批中：${parts.join('、')}`;
}

/**
 * Human status texts of applications (my applications, form lists): 草稿, 审批中：节点（审批人）,
 * 已通过, 驳回：理由…, 已撤回. Two queries for a page of rows.
 */
export async function applicationStatusTexts(
  db: Database,
  rows: { procInstId: string | null; status: number; result: number }[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const running = rows.filter((r) => r.status === 1 && r.procInstId).map((r) => r.procInstId!);
  const rejected = rows.filter((r) => r.result === 3 && r.procInstId).map((r) => r.procInstId!);
  if (running.length) {
    const open = await db
      .selectFrom('wfTask')
      .leftJoin('wfTaskCandidate', (j) => j.onRef('wfTaskCandidate.taskId', '=', 'wfTask.id').on('wfTaskCandidate.open', '=', 1))
      .leftJoin('sysUser', (j) => j.on((eb) => eb('sysUser.username', '=', eb.fn.coalesce('wfTask.assignee', 'wfTaskCandidate.username'))))
      .select(['wfTask.instId', 'wfTask.nodeId', 'wfTask.name', 'wfTask.assignee', 'wfTaskCandidate.username', 'sysUser.realname'])
      .where('wfTask.instId', 'in', running)
      .where('wfTask.status', '=', 0)
      .orderBy('wfTask.createTime')
      .execute();
    const byInst = new Map<string, OpenTaskRow[]>();
    for (const r of open) {
      const rows = byInst.get(r.instId) ?? [];
      rows.push(r);
      byInst.set(r.instId, rows);
    }
    for (const [inst, rows] of byInst) out.set(inst, runningStatusText(rows)!);
  }
  if (rejected.length) {
    const backs = await db
      .selectFrom('wfAction')
      .select(['instId', 'comment', 'createTime', 'id'])
      .where('instId', 'in', rejected)
      .where('action', '=', 'back')
      .orderBy('createTime')
      .orderBy('id')
      .execute();
    for (const b of backs) out.set(b.instId, `驳回：${b.comment?.trim() || '未填写理由'}`);
  }
  for (const r of rows) {
    if (r.procInstId && out.has(r.procInstId)) continue;
    const text =
      r.status === 0 ? '草稿' : r.status === 1 ? '审批中' : r.status === 3 ? '已撤回' : r.result === 2 ? '已通过' : r.result === 3 ? '驳回' : '已结束';
    if (r.procInstId) out.set(r.procInstId, text);
  }
  return out;
}

/** The status text of one row from the map of `applicationStatusTexts`. */
export function statusTextOf(map: Map<string, string>, r: { procInstId: string | null; status: number }): string {
  return (r.procInstId && map.get(r.procInstId)) || (r.status === 0 ? '草稿' : '');
}
