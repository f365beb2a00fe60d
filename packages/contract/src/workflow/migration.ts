/**
 * Moving running approvals to another version of their process (docs/workflow.md, "Migrating running
 * instances"): the request both the preview and the migration take, and what they answer.
 */
import { z } from 'zod';

const text = z.string().nullable();
const id = (message: string) => z.string().trim().min(1, message).max(100);

/**
 * `POST /activiti_process/migration/preview` and `/activiti_process/migration/execute`: from the source
 * version to the target version (same process key); the chosen instances, or `all` running instances of
 * the source version (of the caller's company); `mapping` {sourceNodeId: targetNodeId} for nodes whose
 * id changed (a node without a mapping lands on the node of the same id).
 */
export const wfMigrationBody = z
  .object({
    sourceProcDefId: id('请选择要迁移的流程版本'),
    targetProcDefId: id('请选择目标版本'),
    procInstIds: z.array(z.string().trim().min(1).max(100)).max(500, '一次最多迁移500个流程实例').optional(),
    all: z.boolean().optional(),
    mapping: z
      .record(z.string().trim().min(1).max(100), z.string().trim().max(100).nullable())
      .optional()
      .transform((m) =>
        Object.fromEntries(Object.entries(m ?? {}).filter((e): e is [string, string] => !!e[1])),
      ),
  })
  .refine((b) => b.all === true || (b.procInstIds?.length ?? 0) > 0, {
    message: '请选择要迁移的流程实例',
    path: ['procInstIds'],
  });
export type WfMigrationBody = z.input<typeof wfMigrationBody>;

const person = z.object({ username: z.string(), realname: z.string() });

/** One position of an instance (an open task, a branch waiting at a join, a waiting timer) and where it lands. */
export const wfMigrationMove = z.looseObject({
  /** task: an open user task; join: a branch waiting at a parallel/inclusive join; timer: an intermediate timer */
  kind: z.enum(['task', 'join', 'timer', 'call']),
  taskId: text,
  sourceNodeId: z.string(),
  sourceNodeName: z.string(),
  targetNodeId: text,
  targetNodeName: text,
  /** the task's people now */
  users: z.array(person),
  /** the task's people after the move (kept, or the target node's people) */
  targetUsers: z.array(person),
  /** kept: the target node has the same people rules (or a countersign); resolved: the target node's people */
  people: z.enum(['kept', 'resolved']).nullable(),
  /** why this position cannot move (null: it can) */
  reason: text,
});
export type WfMigrationMove = z.infer<typeof wfMigrationMove>;

export const wfMigrationInstance = z.looseObject({
  procInstId: z.string(),
  title: text,
  applyer: text,
  applyerUsername: text,
  startTime: text,
  migratable: z.boolean(),
  /** every reason the instance cannot move, in Chinese */
  reasons: z.array(z.string()),
  moves: z.array(wfMigrationMove),
});
export type WfMigrationInstance = z.infer<typeof wfMigrationInstance>;

const version = z.looseObject({ id: z.string(), name: z.string(), version: z.number(), status: z.number() });

export const wfMigrationPreview = z.looseObject({
  source: version,
  target: version,
  /** user tasks of the target version (what a mapping may choose) */
  targetNodes: z.array(z.looseObject({ id: z.string(), name: z.string(), multi: z.string() })),
  /** nodes where instances wait that the target lacks and no mapping covers, with how many instances wait there */
  unmapped: z.array(z.looseObject({ id: z.string(), name: z.string(), instances: z.number() })),
  /** problems of the mapping itself (every instance is refused while there are any) */
  problems: z.array(z.string()),
  warnings: z.array(z.string()),
  instances: z.array(wfMigrationInstance),
  total: z.number(),
  migratable: z.number(),
  /** more running instances than one request takes (500) */
  truncated: z.boolean(),
});
export type WfMigrationPreview = z.infer<typeof wfMigrationPreview>;

/** The outcome of one instance of a migration. */
export const wfMigrationResult = z.looseObject({
  procInstId: z.string(),
  title: text,
  success: z.boolean(),
  message: z.string(),
});
export type WfMigrationResult = z.infer<typeof wfMigrationResult>;
