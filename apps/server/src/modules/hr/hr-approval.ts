/**
 * Moves that need approval (docs/hr.md): 录用, 调动 and 离职 are workflow form types. With an active
 * process definition the move claims the file (`pending_move`), files a form and starts the process;
 * the form type's finish hook applies the move when the process passes, or releases the file.
 */
import type { FormDeclaration } from '@go/contract/forms/index';
import { HY_APPROVAL_FORMS, HY_MOVE_RULES, type HyMove, type HyMoveInput, type HyStatus } from '@go/contract';
import type { Api } from '../../platform/http/api.js';
import type { CurrentUser } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { formatDate } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import { registerDeclaredForm } from '../forms/forms.module.js';
import type { FinishOutcome, FormRegistry } from '../workflow/form-registry.js';
import { workflowOf } from '../workflow/workflow.module.js';
import { claimMove, departByOrgCode, formRow, insertLogs, latestDefinition, liveFile, releaseMove, type Row } from './hr.repo.js';
import { PENDING, type HrService } from './hr.service.js';
import type { HyUser } from './hr.tables.js';

type ApprovalMove = keyof typeof HY_APPROVAL_FORMS;
const isApprovalMove = (m: HyMove): m is ApprovalMove => m in HY_APPROVAL_FORMS;

const OUTCOME_TEXT: Record<FinishOutcome, string> = { passed: '审批通过', rejected: '审批驳回', canceled: '申请撤回' };

/** The form values of a move request. */
async function formData(db: Database, f: HyUser, move: ApprovalMove, input: Row): Promise<Row> {
  const base = { hyUserId: f.id, realname: f.realname, reason: input.reason ?? null };
  if (move === 'dimission') return { ...base, dimissionType: input.dimissionType, date: input.date, handover: input.handover ?? null };
  const target = input.orgCode ? await departByOrgCode(db, String(input.orgCode)) : null;
  if (move === 'hire') {
    return { ...base, orgCode: input.orgCode, departName: target?.departName ?? null, post: input.post, rank: input.rank ?? null, entryDate: input.entryDate, probationMonths: input.probationMonths ?? null };
  }
  return { ...base, fromDepartName: f.departName, orgCode: input.orgCode ?? null, departName: target?.departName ?? null, post: input.post ?? null, rank: input.rank ?? null, date: input.date };
}

/** The move input back from a form row. */
function moveInput(move: ApprovalMove, r: Row): Row {
  const pick = (keys: string[]) => Object.fromEntries(keys.filter((k) => r[k] !== null && r[k] !== undefined && r[k] !== '').map((k) => [k, r[k]]));
  if (move === 'hire') return { id: r.hyUserId, ...pick(['orgCode', 'post', 'rank', 'entryDate', 'probationMonths', 'reason']) };
  if (move === 'transfer') return { id: r.hyUserId, ...pick(['orgCode', 'post', 'rank', 'date', 'reason']) };
  return { id: r.hyUserId, ...pick(['dimissionType', 'date', 'handover', 'reason']) };
}

export async function registerHrApprovals(api: Api, registry: FormRegistry, hr: HrService) {
  const db = api.ctx.db;
  for (const [move, decl] of Object.entries(HY_APPROVAL_FORMS) as [ApprovalMove, FormDeclaration][]) {
    await registerDeclaredForm(api, registry, decl, {
      onFinish: (trx, id, outcome) => finish(trx, move, decl, id, outcome),
    });
  }

  async function finish(trx: Database, move: ApprovalMove, decl: FormDeclaration, id: string, outcome: FinishOutcome): Promise<void> {
    const row = await formRow(trx, decl.key, id);
    if (!row) return;
    const f = await liveFile(trx, String(row.hyUserId));
    if (!f) return;
    const op = { username: String(row.applicant ?? row.createBy ?? ''), realname: String(row.applicantName ?? '') };
    if (outcome === 'passed' && HY_MOVE_RULES[move].from.includes(f.status as HyStatus)) {
      await hr.applyMove(trx, op, f, move, moveInput(move, row) as HyMoveInput<typeof move>);
      return;
    }
    await releaseMove(trx, f.id, true);
    await insertLogs(trx, [hr.logRow(op, f, 'approval', 'pendingMove', move, null, OUTCOME_TEXT[outcome], formatDate())]);
  }

  /** A move: at once, or (hire, transfer, dimission with an active process) submitted for approval. */
  async function startMove<M extends HyMove>(user: CurrentUser, move: M, input: HyMoveInput<M>): Promise<string> {
    if (!isApprovalMove(move)) return hr.moveNow(user, move, input);
    const decl = HY_APPROVAL_FORMS[move];
    const def = await latestDefinition(db, decl.key);
    if (!def || def.status !== 1) return hr.moveNow(user, move, input);
    const raw = input as unknown as Row;
    const f = await hr.checkMove(user, move, raw as { id: string; orgCode?: string | null });
    if (!(await claimMove(db, f, move))) throw businessError(PENDING);
    const wf = workflowOf(api.ctx);
    let businessId: string | null = null;
    try {
      const app = await wf.applications.add(user, { tableName: decl.key, procDefId: def.id, data: await formData(db, f, move, raw) });
      businessId = app.id;
      await wf.applications.apply(user, { id: app.id });
    } catch (err) {
      await releaseMove(db, f.id);
      if (businessId) await wf.applications.removeDrafts(user, [businessId]).catch(() => undefined);
      throw err;
    }
    await insertLogs(db, [hr.logRow(user, f, 'approval', 'pendingMove', null, move, (raw.reason as string | undefined) ?? null, (raw.date as string | undefined) ?? formatDate())]);
    return `已提交${HY_MOVE_RULES[move].label}审批`;
  }

  return startMove;
}
