import type { Database } from '../../platform/db/database.js';

/**
 * The form's approval status while tasks are open, in words people read:
 * `审批中：部门负责人审批（马超）、HR评分（王芳、李娜）` — node names and approver names, never node ids.
 */
export async function pendingStatusText(db: Database, instId: string): Promise<string> {
  const rows = await db
    .selectFrom('wfTask')
    .leftJoin('wfTaskCandidate', (j) => j.onRef('wfTaskCandidate.taskId', '=', 'wfTask.id').on('wfTaskCandidate.open', '=', 1))
    .leftJoin('sysUser', (j) => j.on((eb) => eb('sysUser.username', '=', eb.fn.coalesce('wfTask.assignee', 'wfTaskCandidate.username'))))
    .select(['wfTask.nodeId', 'wfTask.name', 'wfTask.assignee', 'wfTaskCandidate.username', 'sysUser.realname'])
    .where('wfTask.instId', '=', instId)
    .where('wfTask.status', '=', 0)
    .orderBy('wfTask.createTime')
    .execute();
  const nodes = new Map<string, { name: string; people: Set<string> }>();
  for (const r of rows) {
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
  return `审批中：${parts.join('、')}`.slice(0, 200);
}
