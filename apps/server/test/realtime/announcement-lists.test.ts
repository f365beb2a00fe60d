/**
 * The announcement lists a reader searches (我的消息, `getMyAnnouncementSend`) take `%`, `_` and `\`
 * literally, with or without the `*…*` wrapper, and keep their other filters and their newest-first order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe.each(dbKinds)('[ANNT] announcement list searches on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const tag = 'Al';
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const publish = async (titile: string, msgCategory: '1' | '2') => {
    const add = await t.call(admin, 'POST', '/sys/annountCement/add', { titile, msgContent: '<p>x</p>', msgType: 'ALL', msgCategory, priority: 'L' });
    expect(add.body.success, add.body.message).toBe(true);
    const list = await t.call(admin, 'GET', `/sys/annountCement/list?pageSize=100&titile=${encodeURIComponent(titile)}`);
    const id = (list.body.result.records as { id: string; titile: string }[]).find((r) => r.titile === titile)!.id;
    const rel = await t.call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${id}`);
    expect(rel.body.success, rel.body.message).toBe(true);
    return id;
  };

  it('getMyAnnouncementSend finds the literal rows, filters by category and read state', async () => {
    const hit = `${tag}50%_x`;
    const decoy = `${tag}50Xyx`;
    const slash = `${tag}C\\d`;
    const hitId = await publish(hit, '1');
    await publish(decoy, '1');
    await publish(slash, '2');
    const titles = async (query: string) => {
      const r = await t.call(admin, 'GET', `/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=100&${query}`);
      expect(r.body.success, `${query}: ${r.body.message}`).toBe(true);
      return (r.body.result.records as { titile: string }[]).map((x) => x.titile).filter((x) => x?.startsWith(tag));
    };
    const q = encodeURIComponent;
    expect(await titles(`titile=${q('50%')}`)).toEqual([hit]);
    expect(await titles(`titile=${q('*_x*')}`)).toEqual([hit]);
    expect(await titles(`titile=${q('\\')}`)).toEqual([slash]);
    // newest first: the decoy was published after the hit
    expect(await titles(`titile=${q(`${tag}50`)}`)).toEqual([decoy, hit]);
    expect(await titles(`titile=${tag}&msgCategory=2`)).toEqual([slash]);
    expect(await titles(`titile=${tag}&readFlag=1`)).toEqual([]);
    const read = await t.call(admin, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: hitId });
    expect(read.body.success, read.body.message).toBe(true);
    expect(await titles(`titile=${tag}&readFlag=1`)).toEqual([hit]);
    expect((await titles(`titile=${tag}&readFlag=0`)).sort()).toEqual([decoy, slash].sort());
  });
});
