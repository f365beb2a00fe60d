import type { FastifyRequest } from 'fastify';
import type { Api } from '../../platform/http/api.js';
import type { Database } from '../../platform/db/database.js';
import { officeServices } from '../announcement/register.js';
import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import type { OutgoingMessage } from '../message/channels.js';
import type { BatchMessage } from '../message/message.service.js';
import type { WorkflowEngine } from './engine.js';
import type { EventOf, WorkflowEvent } from './events.js';

/**
 * PostgreSQL: `user` (a `sys_user.username` column) equal to `other`, found through the case-insensitive
 * unique index on `lower(username)`. For username equality the planner prefers the trigram index of the
 * user list's search, which costs far more than it estimates (it visits every username sharing the
 * trigrams); `|| ''` keeps that index out while the comparison stays exact.
 */
function sameUsername(user: string, other: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(user)}) = lower(${sql.ref(other)}) and ${sql.ref(user)} || '' = ${sql.ref(other)}`;
}

/** PostgreSQL: `username` is one of `names` (exactly), through the same index as `sameUsername`. */
function usernameIn(names: string[]): Expression<SqlBool> {
  const list = (f: (n: string) => unknown) => sql.join(names.map(f));
  return sql<SqlBool>`lower(username) in (${list((n) => sql`lower(${n})`)}) and username || '' in (${list((n) => n)})`;
}

/**
 * Notices of approval events to the people concerned (docs/workflow.md, "Notices"):
 * - whoever gets a task (submission, next step, return to a node) — 待审批, linking to the to-do list;
 * - the applicant after every step (passed with the comment and the next step, returned, rejected with
 *   the reason) and at the end (passed / cancelled);
 * - the delegatee of a delegated task and the new assignee of a transferred one (转办);
 * - the people copied (抄送), linking to their CC inbox; the approvers the applicant urged (催办);
 * - the approvers whose task disappeared when the applicant withdrew.
 * In-app (a system message: the bell and the socket push, which also refreshes the to-do badge) always;
 * the enterprise messenger (短信通知 ticked) and e-mail (邮件通知 ticked) when configured.
 * The events of one command are grouped so a step's notice names the next step and its approvers.
 */

/** Where a notice links to. */
export const NOTICE_LINKS = {
  todo: (title: string) => `/activiti/todoManage?name=${encodeURIComponent(title)}`,
  mine: (title: string) => `/activiti/myApplications?title=${encodeURIComponent(title)}`,
  cc: (title: string) => `/activiti/ccInbox?title=${encodeURIComponent(title)}`,
};

/** Channels the acting approver ticked (approval payload `sendSms`, `sendEmail`). */
export interface TickedChannels {
  sendSms?: boolean;
  sendEmail?: boolean;
}

/** One notice to send. */
export interface WorkflowNotice {
  receivers: string[];
  title: string;
  /** plain text (escaped into the message body) */
  text: string;
  link: string;
  priority: 'L' | 'M' | 'H';
  /** sender username (the actor), else the system */
  sender: string | null;
  /** the task whose approver ticked the channels (if any) */
  taskId: string | null;
}

/** Names the composer needs: real names by username and the process name. */
export interface NoticeNames {
  processName: string;
  realname: (username: string) => string;
}

const PRIORITY: Record<number, 'L' | 'M' | 'H'> = { 0: 'L', 1: 'M', 2: 'H' };

const reasonText = (s: string | null | undefined) => (s && s.trim() ? s.trim() : '未填写');

/** Composes the notices of one command's events (pure; exported for tests). */
export function composeNotices(events: readonly WorkflowEvent[], names: NoticeNames): WorkflowNotice[] {
  if (!events.length) return [];
  const head = events[0];
  const title = head.title || names.processName || '审批申请';
  const starter = head.starter;
  const applicant = names.realname(starter);
  const created = events.filter((e): e is EventOf<'taskCreated'> => e.type === 'taskCreated');
  const finished = events.find((e): e is EventOf<'finished'> => e.type === 'finished');
  const actorOf = events.map((e) => ('actor' in e && e.actor ? e.actor.username : null)).find((x) => !!x) ?? null;
  const out: WorkflowNotice[] = [];
  const nextStep = () =>
    created.length
      ? created
          .map((c) => `「${c.nodeName ?? c.nodeId}」（${c.candidates.map(names.realname).join('、') || '待分配'}）`)
          .join('、')
      : '';

  // Whoever gets a task: 待审批.
  for (const c of created) {
    const receivers = c.candidates.filter((u) => u !== actorOf);
    if (!receivers.length) continue;
    const returned = events.find((e): e is EventOf<'rejected'> => e.type === 'rejected' && e.backTaskKey === c.nodeId);
    out.push({
      receivers,
      title: `待审批：${title}`,
      text: returned
        ? `${returned.actor.realname}将「${title}」退回至「${c.nodeName ?? c.nodeId}」，请您重新审批。退回理由：${reasonText(returned.comment)}`
        : `${applicant}提交的「${names.processName}」已到达「${c.nodeName ?? c.nodeId}」，请您审批。`,
      link: NOTICE_LINKS.todo(title),
      priority: PRIORITY[c.priority] ?? 'L',
      sender: actorOf,
      taskId: null,
    });
  }

  for (const e of events) {
    if (e.type === 'passed') {
      if (e.actor.username === starter && !finished) continue;
      const opinion = e.comment ? `，审批意见：${e.comment}` : '';
      const done = finished?.outcome === 'passed';
      const next = nextStep();
      out.push({
        receivers: [starter],
        title: done ? `审批通过：${title}` : `审批进度：${title}`,
        text: done
          ? `${e.actor.realname}已通过「${e.nodeName ?? e.nodeId}」${opinion}。审批流程已结束，结果：已通过。`
          : `${e.actor.realname}已通过「${e.nodeName ?? e.nodeId}」${opinion}。${next ? `下一步：${next}。` : '等待其他审批人处理。'}`,
        link: NOTICE_LINKS.mine(title),
        priority: 'L',
        sender: e.actor.username,
        taskId: e.taskId,
      });
    } else if (e.type === 'rejected') {
      const toNode = e.backTaskKey ? created.find((c) => c.nodeId === e.backTaskKey) : undefined;
      out.push({
        receivers: [starter],
        title: e.backTaskKey ? `审批退回：${title}` : `审批驳回：${title}`,
        text: e.backTaskKey
          ? `${e.actor.realname}在「${e.nodeName ?? e.nodeId}」将申请退回至「${toNode?.nodeName ?? e.backTaskKey}」，理由：${reasonText(e.comment)}。`
          : `${e.actor.realname}在「${e.nodeName ?? e.nodeId}」驳回了您的申请，理由：${reasonText(e.comment)}。审批流程已结束，可修改后重新提交。`,
        link: NOTICE_LINKS.mine(title),
        priority: 'M',
        sender: e.actor.username,
        taskId: e.taskId,
      });
    } else if (e.type === 'delegated') {
      if (e.to === e.actor.username) continue;
      out.push({
        receivers: [e.to],
        title: `委托待办：${title}`,
        text: `${e.actor.realname}将「${e.nodeName ?? e.nodeId}」委托给您审批（${applicant}提交的「${names.processName}」）${e.comment ? `，留言：${e.comment}` : ''}。`,
        link: NOTICE_LINKS.todo(title),
        priority: 'M',
        sender: e.actor.username,
        taskId: e.taskId,
      });
    } else if (e.type === 'transferred') {
      if (e.to === e.actor.username) continue;
      out.push({
        receivers: [e.to],
        title: `转办待办：${title}`,
        text: `${e.actor.realname}将「${e.nodeName ?? e.nodeId}」转交给您审批（${applicant}提交的「${names.processName}」）${e.comment ? `，留言：${e.comment}` : ''}。`,
        link: NOTICE_LINKS.todo(title),
        priority: 'M',
        sender: e.actor.username,
        taskId: e.taskId,
      });
    } else if (e.type === 'cc') {
      const receivers = e.users.filter((u) => u !== e.actor?.username);
      if (!receivers.length) continue;
      out.push({
        receivers,
        title: `抄送：${title}`,
        text: `${e.actor ? e.actor.realname : '审批流程'}将${applicant}提交的「${names.processName}」抄送给您，请知悉${e.comment ? `。留言：${e.comment}` : ''}。`,
        link: NOTICE_LINKS.cc(title),
        priority: 'L',
        sender: e.actor?.username ?? null,
        taskId: null,
      });
    } else if (e.type === 'urged') {
      const receivers = e.users.filter((u) => u !== e.actor.username);
      if (!receivers.length) continue;
      out.push({
        receivers,
        title: `催办：${title}`,
        text: `${e.actor.realname}催办「${title}」，该申请正在「${e.nodeName ?? e.nodeId}」等待您审批${e.comment ? `。留言：${e.comment}` : ''}。`,
        link: NOTICE_LINKS.todo(title),
        priority: 'H',
        sender: e.actor.username,
        taskId: null,
      });
    } else if (e.type === 'finished') {
      const hasStep = events.some((x) => x.type === 'passed' || x.type === 'rejected' || x.type === 'withdrawn');
      if (hasStep) continue;
      // ended without an approver's step (automatic pass, or cancelled because nobody can approve)
      out.push({
        receivers: [starter],
        title: e.outcome === 'passed' ? `审批通过：${title}` : e.outcome === 'rejected' ? `审批驳回：${title}` : `申请已取消：${title}`,
        text:
          e.outcome === 'passed'
            ? '审批流程已结束，结果：已通过。'
            : e.outcome === 'rejected'
              ? `审批流程已结束，结果：驳回${e.reason ? `，理由：${e.reason}` : ''}。`
              : `审批流程已结束，申请已取消${e.reason ? `：${e.reason}` : ''}。`,
        link: NOTICE_LINKS.mine(title),
        priority: 'M',
        sender: null,
        taskId: null,
      });
    }
  }
  return out;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Paths whose body carries the approver's ticked channels with the task id. */
const TICK_PATHS = ['/actTask/pass', '/actTask/jxpass', '/actTask/back', '/actTask/backToTask', '/actTask/delegate', '/actTask/transfer'];
const TICK_TTL_MS = 60_000;

/**
 * Hands what was added to `flush` in batches: at once (next turn of the event loop) when no flush runs,
 * otherwise everything that arrived meanwhile in one flush after the running one.
 */
class Batches<T> {
  private items: T[] = [];
  private busy = false;
  private scheduled = false;

  constructor(
    private readonly flush: (items: T[]) => Promise<void>,
    private readonly started: (job: Promise<void>) => void,
  ) {}

  add(item: T): void {
    this.items.push(item);
    this.kick();
  }

  get idle(): boolean {
    return !this.busy && !this.scheduled && this.items.length === 0;
  }

  private kick(): void {
    if (this.busy || this.scheduled || !this.items.length) return;
    this.scheduled = true;
    this.started(
      new Promise<void>((resolve) =>
        setImmediate(() => {
          this.scheduled = false;
          this.busy = true;
          const items = this.items;
          this.items = [];
          this.flush(items).finally(() => {
            this.busy = false;
            resolve();
            this.kick();
          });
        }),
      ),
    );
  }
}

export class WorkflowNotices {
  /** the events of the commands of this tick, by instance */
  private readonly pending = new Map<string, WorkflowEvent[]>();
  /** commands (their events) on their way out */
  private readonly groups: Batches<WorkflowEvent[]>;
  /** instances whose watchers get a to-do refresh */
  private readonly todo: Batches<string>;
  private readonly ticks = new Map<string, { at: number; flags: TickedChannels }>();
  /** settles when every notice handed over so far was sent (tests) */
  private work: Promise<unknown> = Promise.resolve();

  private readonly pg: boolean;

  constructor(
    private readonly db: Database,
    private readonly sendAll: (items: BatchMessage[]) => Promise<PromiseSettledResult<unknown>[]>,
    private readonly hasChannel: (name: string) => boolean,
    private readonly warn: (err: unknown) => void,
    /** pushes the to-do refresh to users (by id) */
    private readonly pushTodo: (userIds: string[], procInstId: string) => void = () => undefined,
  ) {
    this.pg = db.getExecutor().adapter instanceof PostgresAdapter;
    const started = (job: Promise<void>) => {
      this.work = Promise.all([this.work, job]);
    };
    this.groups = new Batches((groups) => this.deliver(groups).catch((err: unknown) => this.warn(err)), started);
    this.todo = new Batches((ids) => this.refreshTodo(ids).catch((err: unknown) => this.warn(err)), started);
  }

  /** Remembers the channels an approver ticked for a task (read when that task's event arrives). */
  tick(taskId: string, flags: TickedChannels): void {
    const t = Date.now();
    for (const [k, v] of this.ticks) if (t - v.at > TICK_TTL_MS) this.ticks.delete(k);
    if (flags.sendSms || flags.sendEmail) this.ticks.set(taskId, { at: t, flags });
  }

  /**
   * Takes one event; the events of a command (delivered together) are composed as one group. Groups are
   * delivered in batches: the groups that arrive while a batch is being written go out together in the next
   * one, so concurrent commands share the reads of names and the writes of the in-app messages.
   */
  accept(event: WorkflowEvent): void {
    const list = this.pending.get(event.procInstId);
    if (list) {
      list.push(event);
      return;
    }
    this.pending.set(event.procInstId, [event]);
    queueMicrotask(() => {
      const events = this.pending.get(event.procInstId) ?? [];
      this.pending.delete(event.procInstId);
      if (events.length) this.groups.add(events);
    });
  }

  /**
   * A committed command changed the instance: everyone who had or has a task in it, and the applicant,
   * refresh their to-do badge (the instances of concurrent commands are read together).
   */
  todoChanged(procInstId: string): void {
    this.todo.add(procInstId);
  }

  private async refreshTodo(procInstIds: string[]): Promise<void> {
    const ids = [...new Set(procInstIds)];
    const starters = this.db
      .selectFrom('wfInstance')
      .innerJoin('sysUser', (j) => (this.pg ? j.on(sameUsername('sysUser.username', 'wfInstance.starter')) : j.onRef('sysUser.username', '=', 'wfInstance.starter')))
      .select(['wfInstance.id as instId', 'sysUser.id as userId'])
      .where('wfInstance.id', 'in', ids);
    // The candidates through their tasks: a task is found by its instance's index, a candidate by its task.
    const rows = await this.db
      .selectFrom('wfTask')
      .innerJoin('wfTaskCandidate', (j) => j.onRef('wfTaskCandidate.taskId', '=', 'wfTask.id').onRef('wfTaskCandidate.instId', '=', 'wfTask.instId'))
      .innerJoin('sysUser', (j) =>
        this.pg ? j.on(sameUsername('sysUser.username', 'wfTaskCandidate.username')) : j.onRef('sysUser.username', '=', 'wfTaskCandidate.username'),
      )
      .select(['wfTaskCandidate.instId as instId', 'sysUser.id as userId'])
      .where('wfTask.instId', 'in', ids)
      .union(starters)
      .execute();
    const byInst = new Map<string, string[]>();
    for (const r of rows) byInst.set(r.instId, [...(byInst.get(r.instId) ?? []), r.userId]);
    for (const id of ids) this.pushTodo(byInst.get(id) ?? [], id);
  }

  /** Resolves when the notices accepted so far went out. */
  async idle(): Promise<void> {
    for (;;) {
      const w = this.work;
      await w;
      await new Promise((r) => setTimeout(r, 0));
      if (w === this.work && this.pending.size === 0 && this.groups.idle && this.todo.idle) return;
    }
  }

  /** Real names of everyone the groups name and the process names of their definitions, in one read. */
  private async names(groups: WorkflowEvent[][]): Promise<(events: WorkflowEvent[]) => NoticeNames> {
    const usernames = new Set<string>();
    const defIds = new Set<string>();
    for (const events of groups) {
      usernames.add(events[0].starter);
      defIds.add(events[0].procDefId);
      for (const e of events) {
        if (e.type === 'taskCreated') e.candidates.forEach((u) => usernames.add(u));
        if (e.type === 'delegated' || e.type === 'transferred') usernames.add(e.to);
        if (e.type === 'cc' || e.type === 'urged') e.users.forEach((u) => usernames.add(u));
        if ('actor' in e && e.actor) usernames.add(e.actor.username);
      }
    }
    const names = [...usernames];
    const rows = await this.db
      .selectFrom('sysUser')
      .select([sql.lit('u').as('kind'), 'username as key', sql<string>`coalesce(nullif(realname, ''), username)`.as('value')])
      .where((eb) => (this.pg ? usernameIn(names) : eb('username', 'in', names)))
      .unionAll(this.db.selectFrom('wfDefinition').select([sql.lit('d').as('kind'), 'id as key', 'name as value']).where('id', 'in', [...defIds]))
      .execute();
    const byName = new Map<string, string>();
    const defName = new Map<string, string>();
    for (const r of rows) (r.kind === 'u' ? byName : defName).set(r.key, r.value);
    return (events) => ({ processName: defName.get(events[0].procDefId) ?? '审批流程', realname: (u) => byName.get(u) ?? u });
  }

  /** Approvers whose open task went away when the applicant withdrew. */
  private async withdrawn(e: EventOf<'withdrawn'>, names: NoticeNames): Promise<WorkflowNotice | null> {
    const rows = await this.db
      .selectFrom('wfTaskCandidate')
      .innerJoin('wfTask', 'wfTask.id', 'wfTaskCandidate.taskId')
      .select('wfTaskCandidate.username')
      .where('wfTaskCandidate.instId', '=', e.procInstId)
      .where('wfTask.outcome', '=', 'canceled')
      .execute();
    const receivers = [...new Set(rows.map((r) => r.username))].filter((u) => u !== e.actor.username);
    if (!receivers.length) return null;
    const title = e.title || names.processName;
    return {
      receivers,
      title: `申请已撤回：${title}`,
      text: `${e.actor.realname}撤回了「${title}」${e.reason ? `，原因：${e.reason}` : ''}，您的该项待办已取消。`,
      link: '/activiti/todoManage',
      priority: 'L',
      sender: e.actor.username,
      taskId: null,
    };
  }

  /** Composes the notices of every group and sends them: in-app always (together), ticked channels too. */
  private async deliver(groups: WorkflowEvent[][]): Promise<void> {
    if (!groups.length) return;
    const namesOf = await this.names(groups);
    const items: BatchMessage[] = [];
    for (const events of groups) {
      const names = namesOf(events);
      const notices = composeNotices(events, names);
      for (const e of events) {
        if (e.type !== 'withdrawn') continue;
        const n = await this.withdrawn(e, names);
        if (n) notices.push(n);
      }
      for (const n of notices) {
        const msg: OutgoingMessage = {
          title: n.title.slice(0, 100),
          content: `<p>${escapeHtml(n.text)}</p>`,
          receivers: n.receivers,
          category: '2',
          priority: n.priority,
          sender: n.sender ?? 'admin',
          openType: 'url',
          openPage: n.link,
        };
        const by = n.sender ?? 'system';
        items.push({ channel: 'system', msg, by });
        const flags = n.taskId ? this.ticks.get(n.taskId)?.flags : undefined;
        for (const c of [flags?.sendSms ? 'messenger' : null, flags?.sendEmail ? 'email' : null]) {
          // a failure there is recorded in the outbox; the in-app notice went out
          if (c && this.hasChannel(c)) items.push({ channel: c, msg, by });
        }
      }
    }
    const results = await this.sendAll(items);
    results.forEach((r, i) => {
      if (r.status === 'rejected' && items[i].channel === 'system') this.warn(r.reason);
    });
    for (const events of groups) for (const e of events) if ('taskId' in e && e.type !== 'taskCreated') this.ticks.delete(e.taskId);
  }
}

const byContext = new WeakMap<object, WorkflowNotices>();

/** The notices service of an app (`app.ctx`; tests wait on it with `idle()`). */
export function workflowNotices(ctx: object): WorkflowNotices | undefined {
  return byContext.get(ctx);
}

/**
 * Subscribes the notices to the engine's events and its changed instances (the to-do refresh), and
 * remembers the channels approvers tick.
 */
export function registerWorkflowNotices(api: Api, engine: WorkflowEngine): WorkflowNotices {
  const messages = () => officeServices(api.ctx).messages;
  const notices = new WorkflowNotices(
    api.ctx.db,
    (items) => messages().sendMany(items),
    (name) => messages().channelNames().some((c) => c.name === name),
    (err) => api.log.warn({ err }, 'workflow notice failed'),
    (ids, procInstId) => api.ctx.realtime.sendToUsers(ids, { cmd: 'todo', msgTxt: '待办任务已更新', procInstId }),
  );
  byContext.set(api.ctx, notices);
  engine.events.on('*', (e) => notices.accept(e));
  engine.onChange = (procInstId) => notices.todoChanged(procInstId);
  const tickChannels = (req: FastifyRequest): void => {
    if (req.method !== 'POST' && req.method !== 'PUT') return;
    const url = req.routeOptions.url ?? '';
    if (!TICK_PATHS.some((p) => url.endsWith(p))) return;
    // this hook sees every route's body: only those with a task id tick channels
    const body: unknown = req.body;
    if (!body || typeof body !== 'object') return;
    const id: unknown = Reflect.get(body, 'id');
    if (typeof id !== 'string') return;
    const yes = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';
    notices.tick(id, { sendSms: yes(Reflect.get(body, 'sendSms')), sendEmail: yes(Reflect.get(body, 'sendEmail')) });
  };
  // A callback hook: it sees every request, and all but a few task actions leave at once.
  api.addHook('preHandler', (req, _reply, done) => {
    tickChannels(req);
    done();
  });
  return notices;
}
