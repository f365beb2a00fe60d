import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { newId } from '../db/ids.js';
import { now } from '../db/time.js';

const SECRET_KEYS = /pass(word)?|salt|captcha|token|secret|oldpassword|confirmpassword/i;

/** Copies a request body for the log with secrets masked and the length capped. */
export function maskParams(body: unknown): string {
  if (body === undefined || body === null) return '';
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > 4) return '…';
    if (Array.isArray(v)) return v.slice(0, 50).map((x) => walk(x, depth + 1));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = SECRET_KEYS.test(k) ? '******' : walk(x, depth + 1);
      return out;
    }
    return v;
  };
  const s = JSON.stringify(walk(body, 0)) ?? '';
  return s.length > 2000 ? s.slice(0, 2000) + '…' : s;
}

export interface LogRow {
  logType: number;
  logContent: string;
  operateType?: number | null;
  userid?: string | null;
  username?: string | null;
  ip?: string | null;
  method?: string | null;
  requestUrl?: string | null;
  requestParam?: string | null;
  requestType?: string | null;
  costTime?: number | null;
  outcome?: string | null;
}

export async function writeLog(db: Database, row: LogRow): Promise<void> {
  await db
    .insertInto('sysLog')
    .values({
      id: newId(),
      logType: row.logType,
      logContent: row.logContent.slice(0, 1000),
      operateType: row.operateType ?? null,
      userid: row.userid ?? null,
      username: row.username ?? null,
      ip: row.ip ?? null,
      method: row.method ?? null,
      requestUrl: row.requestUrl?.slice(0, 255) ?? null,
      requestParam: row.requestParam ?? null,
      requestType: row.requestType ?? null,
      costTime: row.costTime ?? null,
      outcome: row.outcome ?? null,
      createBy: row.userid ?? null,
      createTime: now(),
    })
    .execute();
}

const OPERATE_TYPE: Record<string, number> = { POST: 2, PUT: 3, PATCH: 3, DELETE: 4 };

/**
 * Every mutating request by a signed-in user writes an operation log row (type 2): who, what, when,
 * IP, duration and outcome. Routes may name their content and type in `config.oplog`, or opt out.
 */
export function installOperationLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    const cfg = req.routeOptions.config?.oplog;
    if (cfg === false || !req.user) return;
    const explicit = cfg && typeof cfg === 'object';
    if (!explicit && !(req.method in OPERATE_TYPE)) return;
    const url = req.url.split('?')[0];
    try {
      await writeLog(app.ctx.db, {
        logType: 2,
        logContent: (explicit && cfg.content) || `${req.method} ${req.routeOptions.url ?? url}`,
        operateType: (explicit && cfg.type) || OPERATE_TYPE[req.method] || 1,
        userid: req.user.username,
        username: req.user.realname,
        ip: req.ip,
        method: req.routeOptions.url ?? url,
        requestUrl: url,
        requestParam: maskParams(req.body),
        requestType: req.method,
        costTime: Math.round(reply.elapsedTime),
        outcome: reply.statusCode < 400 ? 'success' : 'failure',
      });
    } catch (err) {
      req.log.warn({ err }, 'operation log write failed');
    }
  });
}
