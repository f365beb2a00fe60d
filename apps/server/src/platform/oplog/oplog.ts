import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type { Database } from '../db/database.js';
import { newId } from '../db/ids.js';
import type { SysLog } from '../db/schema.js';
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

type LogInsert = Insertable<SysLog>;

function logValues(row: LogRow): LogInsert {
  return {
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
  };
}

/** Rows of one log insert at most. */
const LOG_BATCH = 200;

/**
 * Log rows of one database, written as they come: a row is inserted at once when no insert is running;
 * the rows that arrive while one runs go together in the next (one multi-row INSERT), so concurrent
 * requests share a statement. Every caller still waits until its own row is written.
 */
class LogWriter {
  private queue: { row: LogInsert; done: (err?: unknown) => void }[] = [];
  private running = false;

  constructor(private readonly db: Database) {}

  write(row: LogInsert): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, done: (err) => (err === undefined ? resolve() : reject(err)) });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, LOG_BATCH);
        try {
          await this.db
            .insertInto('sysLog')
            .values(batch.map((b) => b.row))
            .execute();
          for (const b of batch) b.done();
        } catch (err) {
          if (batch.length === 1) {
            batch[0].done(err);
            continue;
          }
          // one bad row must not lose the others: each on its own
          for (const b of batch) {
            await this.db
              .insertInto('sysLog')
              .values(b.row)
              .execute()
              .then(
                () => b.done(),
                (e: unknown) => b.done(e),
              );
          }
        }
      }
    } finally {
      this.running = false;
    }
  }
}

const writers = new WeakMap<Database, LogWriter>();

/**
 * Writes one log row and resolves when it is stored. Inside a transaction the row is part of it; otherwise
 * it may share a multi-row INSERT with the rows other requests write at the same moment.
 */
export async function writeLog(db: Database, row: LogRow): Promise<void> {
  if (db.isTransaction) {
    await db.insertInto('sysLog').values(logValues(row)).execute();
    return;
  }
  let w = writers.get(db);
  if (!w) writers.set(db, (w = new LogWriter(db)));
  await w.write(logValues(row));
}

const OPERATE_TYPE: Record<string, number> = { POST: 2, PUT: 3, PATCH: 3, DELETE: 4 };

/**
 * Every mutating request by a signed-in user writes an operation log row (type 2): who, what, when,
 * IP, duration and outcome. Routes may name their content and type in `config.oplog`, or opt out.
 */
export function installOperationLog(app: FastifyInstance): void {
  // A callback hook: reads leave at once; a logged request finishes the hook when its row is written.
  app.addHook('onResponse', (req, reply, done) => {
    const cfg = req.routeOptions.config?.oplog;
    const user = req.user;
    if (cfg === false || !user) return done();
    const explicit = cfg && typeof cfg === 'object';
    if (!explicit && !(req.method in OPERATE_TYPE)) return done();
    const url = req.url.split('?')[0];
    const write = () =>
      writeLog(app.ctx.db, {
        logType: 2,
        logContent: (explicit && cfg.content) || `${req.method} ${req.routeOptions.url ?? url}`,
        operateType: (explicit && cfg.type) || OPERATE_TYPE[req.method] || 1,
        userid: user.username,
        username: user.realname,
        ip: req.ip,
        method: req.routeOptions.url ?? url,
        requestUrl: url,
        requestParam: maskParams(req.body),
        requestType: req.method,
        costTime: Math.round(reply.elapsedTime),
        outcome: reply.statusCode < 400 ? 'success' : 'failure',
      });
    Promise.resolve()
      .then(write)
      .catch((err: unknown) => req.log.warn({ err }, 'operation log write failed'))
      .finally(() => done());
  });
}
