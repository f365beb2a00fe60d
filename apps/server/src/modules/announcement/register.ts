import fastifyWebsocket from '@fastify/websocket';
import type { AppContext } from '../../platform/context.js';
import type { Api } from '../../platform/http/api.js';
import { realtimeRoutes } from '../../platform/realtime/realtime.routes.js';
import { builtInHandlers, DICT_REFRESH_TOPIC, JobRegistry } from '../jobs/handlers.js';
import { jobRoutes } from '../jobs/jobs.routes.js';
import { JobService } from '../jobs/jobs.service.js';
import { configuredChannels } from '../message/channels.js';
import { messageRoutes } from '../message/message.routes.js';
import { MessageService } from '../message/message.service.js';
import { HttpTrace } from '../monitor/httptrace.js';
import { monitorRoutes } from '../monitor/monitor.routes.js';
import type { DictService } from '../system/dict/dict.service.js';
import { announcementRoutes } from './announcement.routes.js';
import { AnnouncementService } from './announcement.service.js';
import { SystemChannel } from './in-app-channel.js';
import { NewsService } from './news.service.js';
import { noticeJob } from './notice-job.js';

/** The services of announcements, jobs, messages and monitoring, for other modules and tests. */
export interface OfficeServices {
  announcements: AnnouncementService;
  news: NewsService;
  jobs: JobService;
  jobRegistry: JobRegistry;
  messages: MessageService;
  trace: HttpTrace;
}

const byContext = new WeakMap<AppContext, OfficeServices>();

/** The services built for an app (`app.ctx`), e.g. to register a job handler or a message channel. */
export function officeServices(ctx: AppContext): OfficeServices {
  const s = byContext.get(ctx);
  if (!s) throw new Error('announcement module not registered');
  return s;
}

/**
 * Builds and registers real time (`/websocket`, `/vxeSocket`), announcements and news, scheduled jobs,
 * message templates and channels, and monitoring. This module assembles the four: jobs, messages and
 * monitoring import nothing of it; it gives them what needs announcements (the in-app message channel,
 * the notice job), so their dependencies point one way.
 */
export async function registerAnnouncementModule(api: Api, deps: { dicts: DictService }): Promise<OfficeServices> {
  const ctx = api.ctx;
  const trace = new HttpTrace();
  const announcements = new AnnouncementService(ctx, deps.dicts);
  const news = new NewsService(ctx.db, deps.dicts);
  const jobRegistry = new JobRegistry();
  for (const h of [...builtInHandlers(ctx, deps.dicts), noticeJob(ctx, announcements)]) {
    const short = h.name.slice(h.name.lastIndexOf('.') + 1);
    jobRegistry.register(h, short, `org.jeecg.modules.quartz.job.${short}`);
  }
  ctx.realtime.onInternal(DICT_REFRESH_TOPIC, () => deps.dicts.refresh());
  const jobs = new JobService(ctx, jobRegistry, deps.dicts);
  const messages = new MessageService(ctx, deps.dicts, [new SystemChannel(ctx, announcements), ...configuredChannels(ctx)]);
  const services: OfficeServices = { announcements, news, jobs, jobRegistry, messages, trace };
  byContext.set(ctx, services);

  await monitorRoutes(api, trace);
  // The socket plugin lives in its own context with the two socket routes: its hooks (an upgrade check
  // before and after every request) then run for those routes only, not for every API call.
  // No per-message compression: it would keep a zlib context per socket and compress each push per socket.
  await api.register(async (sockets) => {
    await sockets.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024, perMessageDeflate: false } });
    await realtimeRoutes(sockets, ctx.realtime);
  });
  await announcementRoutes(api, announcements, news);
  await jobRoutes(api, jobs);
  await messageRoutes(api, messages);
  return services;
}
