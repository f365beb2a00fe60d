import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeServices } from '../../src/modules/announcement/register.js';
import { RecordingChannel, type OutgoingMessage } from '../../src/modules/message/channels.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

/** The columns of a message's rows that do not depend on when, under which id or title it was written. */
const ANNT_COLS = ['msgContent', 'msgAbstract', 'startTime', 'endTime', 'priority', 'msgCategory', 'msgType', 'busType', 'busId', 'openType', 'openPage', 'sender', 'sendStatus', 'cancelTime', 'delFlag', 'userIds', 'createBy', 'updateBy'] as const;
const OUTBOX_COLS = ['esType', 'esReceiver', 'esParam', 'esContent', 'esSendStatus', 'esSendNum', 'esResult', 'remark', 'createBy', 'updateBy'] as const;

describe.each(dbKinds)('[MSG] messages sent together on %s', (kind) => {
  let t: TestApp;
  let messenger: RecordingChannel;
  beforeAll(async () => {
    t = await createTestApp(kind);
    messenger = new RecordingChannel('messenger', '企业消息');
    officeServices(t.app.ctx).messages.setChannel(messenger);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rowsOf = async (title: string) => {
    const db = t.app.ctx.db;
    const annts = await db.selectFrom('sysAnnouncement').selectAll().where('titile', '=', title).execute();
    const outbox = await db.selectFrom('sysMessage').selectAll().where('esTitle', '=', title).orderBy('esType').execute();
    const recipients = annts.length
      ? (await db.selectFrom('sysAnnouncementSend').select(['userId', 'readFlag', 'createBy', 'updateBy']).where('anntId', 'in', annts.map((a) => a.id)).orderBy('userId').execute())
      : [];
    const pick = <T extends object>(r: T, cols: readonly string[]) => Object.fromEntries(cols.map((c) => [c, (r as Record<string, unknown>)[c]]));
    return {
      annts: annts.map((a) => ({ ...pick(a, ANNT_COLS), userIds: (a.userIds ?? '').split(',').filter(Boolean).sort().join(',') })),
      recipients,
      outbox: outbox.map((o) => pick(o, OUTBOX_COLS)),
    };
  };

  it('leave the same announcements, recipients, outbox rows and pushes as sending them one by one', async () => {
    const stamp = Date.now().toString(36);
    const msg = (run: 'a' | 'b', tag: string, receivers: string[], extra: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
      title: `批量-${run}-${tag}-${stamp}`,
      content: `<p onclick="x()">内容 ${tag} &amp; "引号"</p><script>bad()</script>`,
      receivers,
      category: '2',
      priority: 'M',
      sender: 'machao',
      openType: 'url',
      openPage: `/activiti/todoManage?name=${tag}`,
      ...extra,
    });
    const cases: { tag: string; receivers: string[]; extra?: Partial<OutgoingMessage>; channel?: string }[] = [
      { tag: 'two', receivers: ['liuyang', 'chenjing'] },
      { tag: 'dup', receivers: ['liuyang', 'liuyang'] },
      { tag: 'nobody', receivers: ['no_such_user_x'] },
      { tag: 'empty', receivers: [] },
      { tag: 'nosender', receivers: ['chenjing'], extra: { sender: undefined, priority: undefined, openType: null, openPage: null } },
      { tag: 'im', receivers: ['chenjing'], channel: 'messenger' },
    ];
    const service = officeServices(t.app.ctx).messages;
    const hub = t.app.ctx.realtime;
    const original = hub.sendToUsers.bind(hub);
    const pushes: string[] = [];
    hub.sendToUsers = (ids, m) => {
      pushes.push(`${[...ids].sort().join(',')} ${m.cmd} ${m.msgTxt}`);
      original(ids, m);
    };
    try {
      // one at a time through send
      const single: number[] = [];
      for (const c of cases) single.push(await service.send(c.channel ?? 'system', msg('a', c.tag, c.receivers, c.extra), 'machao'));
      const singlePushes = pushes.splice(0).map((p) => p.replace(' 批量-a-', ' 批量-'));
      // together
      const settled = await service.sendMany(cases.map((c) => ({ channel: c.channel ?? 'system', msg: msg('b', c.tag, c.receivers, c.extra), by: 'machao' })));
      expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'failed'))).toEqual(single);
      expect(single).toEqual([2, 1, 0, 0, 1, 1]);
      expect(pushes.map((p) => p.replace(' 批量-b-', ' 批量-')).sort()).toEqual(singlePushes.sort());
      expect(pushes).toHaveLength(3);
      for (const c of cases) {
        const a = await rowsOf(`批量-a-${c.tag}-${stamp}`);
        const b = await rowsOf(`批量-b-${c.tag}-${stamp}`);
        expect(b, c.tag).toEqual(a);
        expect(b.outbox, c.tag).toHaveLength(1);
      }
      const nobody = await rowsOf(`批量-b-nobody-${stamp}`);
      expect(nobody.annts).toEqual([]);
      expect(await t.app.ctx.db.selectFrom('sysAnnouncement').select('id').where('titile', '=', `批量-b-two-${stamp}`).execute()).toHaveLength(1);
      expect(nobody.outbox[0]).toMatchObject({ esSendStatus: '1', esResult: '送达 0，接收人不存在' });
      const two = await rowsOf(`批量-b-two-${stamp}`);
      expect(two.annts[0]).toMatchObject({ sendStatus: '1', sender: 'machao', msgType: 'USER', msgContent: expect.not.stringContaining('script') });
      expect(two.recipients).toHaveLength(2);
      expect(messenger.sent.filter((m) => m.title.endsWith(`im-${stamp}`))).toHaveLength(2);
    } finally {
      hub.sendToUsers = original;
    }
  });

  it('the receivers see the messages sent together in their list', async () => {
    const title = `批量列表-${Date.now().toString(36)}`;
    const settled = await officeServices(t.app.ctx).messages.sendMany([
      { channel: 'system', msg: { title: `${title}-1`, content: '<p>一</p>', receivers: ['chenjing'], sender: 'machao' }, by: 'machao' },
      { channel: 'system', msg: { title: `${title}-2`, content: '<p>二</p>', receivers: ['chenjing', 'liuyang'], sender: 'machao' }, by: 'machao' },
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
    const staff = await t.login('chenjing');
    const list = await t.call(staff, 'GET', '/sys/annountCement/listByUser?pageSize=50');
    const titles = (list.body.result.sysMsgList as { titile: string }[]).map((m) => m.titile);
    expect(titles).toEqual(expect.arrayContaining([`${title}-1`, `${title}-2`]));
  });
});
