import { envelope, listResponse, wfMigrationBody, wfMigrationPreview, wfMigrationResult } from '@go/contract';
import { perm } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { ok } from '../../platform/http/envelope.js';
import { officeServices } from '../announcement/register.js';
import type { BatchMessage } from '../message/message.service.js';
import type { WorkflowEngine } from './engine.js';
import type { FormRegistry } from './form-registry.js';
import { MigrationService, type MigrationNotice } from './migration.service.js';

/** Permission code of moving running instances to another version (preview and migration). */
export const WF_MIGRATION_PERMS = { migrate: 'workflow:instance:migrate' } as const;

const TAGS = ['流程'];

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `/activiti_process/migration/preview` and `/activiti_process/migration/execute` (docs/workflow.md). */
export async function migrationRoutes(
  app: Api,
  s: { engine: WorkflowEngine },
  forms: FormRegistry,
): Promise<MigrationService> {
  // the people whose task moved get a system message (the bell; pushed on their socket, which refreshes the to-do badge)
  const send = async (notices: MigrationNotice[], by: string) => {
    const items: BatchMessage[] = notices.map((n) => ({
      channel: 'system',
      by,
      msg: {
        title: n.title.slice(0, 100),
        content: `<p>${escapeHtml(n.text)}</p>`,
        receivers: n.receivers,
        category: '2',
        priority: 'M',
        sender: by,
        openType: 'url',
        openPage: n.link,
      },
    }));
    const results = await officeServices(app.ctx).messages.sendMany(items);
    for (const r of results)
      if (r.status === 'rejected') app.log.warn({ err: r.reason }, 'workflow migration notice failed');
  };
  const service = new MigrationService(app.ctx.db, s.engine, forms, send);

  app.post(
    '/activiti_process/migration/preview',
    {
      config: { access: perm(WF_MIGRATION_PERMS.migrate), oplog: false },
      schema: {
        tags: TAGS,
        summary: '迁移预览：每个实例的待办迁移到目标版本的哪个节点，或不能迁移的原因',
        body: wfMigrationBody,
        response: { 200: envelope(wfMigrationPreview) },
      },
    },
    async (req) => ok(await service.preview(req.user!, req.body)),
  );

  app.post(
    '/activiti_process/migration/execute',
    {
      config: {
        access: perm(WF_MIGRATION_PERMS.migrate),
        oplog: { content: '迁移流程实例到其他版本', type: 3 },
      },
      schema: {
        tags: TAGS,
        summary: '迁移运行中的流程实例到同一流程的其他版本（每个实例一个事务），逐项返回结果',
        body: wfMigrationBody,
        response: { 200: listResponse(wfMigrationResult) },
      },
    },
    async (req) => {
      const items = await service.execute(req.user!, req.body);
      const okCount = items.filter((i) => i.success).length;
      return ok(items, `成功${okCount}条，失败${items.length - okCount}条`);
    },
  );
  return service;
}
