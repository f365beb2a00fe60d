import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe.each(dbKinds)('[SECURITY] /activiti_process/getNode visibility on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("finding 11: another user's instance is not visible through getNode; one's own is", async () => {
    const db = t.app.ctx.db;
    const foreign = await db.selectFrom('wfInstance').select(['id', 'procDefId', 'starter']).where('starter', '!=', 'wuting').where('starter', 'not in', ['zhoujie', 'huangmin', 'admin']).executeTakeFirstOrThrow();
    const node = await db.selectFrom('wfNode').select('nodeId').where('procDefId', '=', foreign.procDefId).executeTakeFirstOrThrow();
    const staff = await t.login('wuting');
    const r = await t.call(staff, 'GET', `/activiti_process/getNode/${encodeURIComponent(node.nodeId)}?procInstId=${foreign.id}`);
    expect(r.body.success).toBe(false);
    expect(r.body.message).toBe('流程实例不存在');
    const own = await db.selectFrom('wfInstance').select(['id', 'procDefId']).where('starter', '=', 'wuting').executeTakeFirstOrThrow();
    const ownNode = await db.selectFrom('wfNode').select('nodeId').where('procDefId', '=', own.procDefId).executeTakeFirstOrThrow();
    const mine = await t.call(staff, 'GET', `/activiti_process/getNode/${encodeURIComponent(ownNode.nodeId)}?procInstId=${own.id}`);
    expect(mine.body.message).not.toBe('流程实例不存在');
  });
});
