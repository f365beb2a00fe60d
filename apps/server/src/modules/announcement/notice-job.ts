import type { AppContext } from '../../platform/context.js';
import type { JobHandler } from '../jobs/handlers.js';
import type { AnnouncementService } from './announcement.service.js';

/** The job class that publishes a system notice (registered with the jobs by this module). */
export const NOTICE_JOB = 'office.job.SendNoticeJob';

interface NoticeParameter {
  titile?: string;
  msgContent?: string;
  priority?: 'L' | 'M' | 'H';
  msgCategory?: '1' | '2';
  msgType?: 'ALL' | 'USER';
  userIds?: string;
  /** username of the sender (default admin) */
  sender?: string;
}

/** 发布一条系统通知: a scheduled job publishes an announcement from its parameter. */
export function noticeJob(ctx: AppContext, annts: AnnouncementService): JobHandler {
  return {
    name: NOTICE_JOB,
    description: '发布一条系统通知',
    parameterHint:
      '通知标题，或 JSON：{"titile","msgContent","priority":"L|M|H","msgType":"ALL|USER","userIds","sender"}',
    async run(parameter) {
      let p: NoticeParameter = {};
      const raw = (parameter ?? '').trim();
      if (raw.startsWith('{')) {
        try {
          p = JSON.parse(raw) as NoticeParameter;
        } catch {
          throw new Error('参数不是合法的JSON');
        }
      } else if (raw) {
        p = { titile: raw };
      }
      const senderName = p.sender || 'admin';
      const u = await ctx.db
        .selectFrom('sysUser')
        .select(['id', 'username', 'realname', 'orgCode'])
        .where('username', '=', senderName)
        .executeTakeFirst();
      if (!u) throw new Error(`发送人不存在：${senderName}`);
      const sender = {
        id: u.id,
        username: u.username,
        realname: u.realname ?? u.username,
        orgCode: u.orgCode ?? '',
        company: (u.orgCode ?? '').slice(0, 3),
        tenantId: 0,
        sessionId: '',
      };
      const row = await annts.publish(sender, {
        titile: p.titile || '定时通知',
        msgContent: p.msgContent ?? '',
        priority: p.priority ?? 'L',
        msgCategory: p.msgCategory ?? '1',
        msgType: p.msgType ?? 'ALL',
        userIds: p.userIds ?? null,
      });
      return `已发布通知 ${row.id}`;
    },
  };
}
