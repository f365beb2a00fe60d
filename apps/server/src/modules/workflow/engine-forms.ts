/**
 * Decision fields and form properties: the variables a client may set at the start event or a task, either as
 * a submitted form (required, writable, defaults, type conversion) or through the engine API (declared outputs
 * only), the names they may never set, and the task form as the approval dialog shows it.
 */
import { businessError } from '../../platform/http/errors.js';
import type { DecisionField, FlowNode } from './bpmn.js';
import { evaluateValue, isExpression } from './expression.js';
import { DEFAULT_DATE_PATTERN, formatPatternDate, formTarget, parsePatternDate, parseStoredDate } from './form-properties.js';
import type { WfNode } from './workflow.tables.js';
import { WF_TEXT, type Loaded, RESERVED_VARS, VAR_NAME, PROPERTY_ID } from './engine-shared.js';
import { EngineTimers } from './engine-timers.js';

export abstract class EngineForms extends EngineTimers {
  /** A node's form properties: the node settings' decision fields, else the BPMN formProperty elements. */
  protected nodeFields(node: FlowNode, settings: WfNode): DecisionField[] {
    return settings.decisionFields ? (JSON.parse(settings.decisionFields) as DecisionField[]) : (node.decisionFields ?? []);
  }

  /**
   * The variables a client sets at a node (apply: the start event; pass: the task). Two ways, as in Activiti:
   *
   * - `form` given (`formProperties`, keyed by formProperty id): the node's form is submitted, as Activiti's
   *   FormService.submitStartFormData / submitTaskFormData — a property that is not writable refuses a value,
   *   a required one without value or default refuses the submission, a missing one takes its `default`, each
   *   value is converted to its form type (long/double → number, boolean → true/false, enum among its values,
   *   date in its pattern → `YYYY-MM-DD HH:mm:ss`) and stored in its `variable`, its `expression` or its id.
   * - else `given` (`variables`, keyed by variable name): a completion through the engine API, as Activiti's
   *   TaskService.complete / RuntimeService.startProcessInstance — no required check and no defaults; what is
   *   given is still limited to the node's declared writable outputs and checked against their type.
   *
   * Both ways, for approval integrity: a reserved name, or a name of a form field or of a variable the engine
   * computes from the stored form (`tableId`, `initiator`, the start event's initiator variable), is refused —
   * gateways read the stored form, never a client's copy of it — and any undeclared name is dropped.
   */
  protected decisionValues(L: Loaded, node: FlowNode, settings: WfNode, given: Record<string, unknown>, form?: Record<string, unknown>): Record<string, unknown> {
    const fields = this.nodeFields(node, settings);
    if (form) {
      if (Object.keys(given).length) throw businessError('表单提交(formProperties)与流程变量(variables)不能同时提交');
      return this.submitForm(L, fields, form);
    }
    const targets = new Set(fields.map((f) => formTarget(f)).flatMap((t) => (t.kind === 'var' ? [t.name] : [])));
    for (const k of Object.keys(given)) this.checkTargetName(L, k, targets.has(k));
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const t = formTarget(f);
      if (t.kind !== 'var' || !Object.prototype.hasOwnProperty.call(given, t.name)) continue;
      if (f.writable === false) throw businessError(`「${f.label}」是只读的，不能填写`);
      const v = given[t.name];
      if (v === undefined || v === null || v === '') continue;
      out[t.name] = this.formValue(f, v, false);
    }
    return out;
  }

  /**
   * A variable a client's value would set: never reserved, never a form field or a variable computed from the
   * form; a name that is no identifier only as the id of a property the node declares (`declared`).
   */
  protected checkTargetName(L: Loaded, k: string, declared = false): void {
    if (RESERVED_VARS.has(k) || !(VAR_NAME.test(k) || (declared && PROPERTY_ID.test(k)))) throw businessError(`变量名「${k}」不允许使用`);
    if (Object.prototype.hasOwnProperty.call(L.formVars, k) || k === L.model.initiatorVar) throw businessError(`变量「${k}」与表单字段同名，不能在提交时修改，流程按表单保存的数据流转`);
  }

  /** A form submission (Activiti's FormPropertyHandler.submitFormProperty for each property, in order). */
  protected submitForm(L: Loaded, fields: DecisionField[], form: Record<string, unknown>): Record<string, unknown> {
    const declared = new Set(fields.map((f) => f.name));
    for (const k of Object.keys(form)) {
      if (!declared.has(k) && (Object.prototype.hasOwnProperty.call(L.formVars, k) || k === L.model.initiatorVar || RESERVED_VARS.has(k))) this.checkTargetName(L, k);
    }
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const raw = Object.prototype.hasOwnProperty.call(form, f.name) ? form[f.name] : undefined;
      // an empty value (the dialog sends every field it shows) counts as not given
      const given = raw !== undefined && raw !== null && !(typeof raw === 'string' && raw.trim() === '');
      if (given && f.writable === false) throw businessError(`「${f.label}」是只读的，不能填写`);
      let value: unknown;
      if (given) value = this.formValue(f, raw, true);
      else if (f.default) {
        let d: unknown;
        try {
          d = isExpression(f.default) ? evaluateValue(f.default, L.vars) : f.default;
        } catch (err) {
          throw this.expressionFailure(err, `「${f.label}」的默认值 ${f.default}`);
        }
        if (d === null || d === undefined) {
          if (f.required) throw businessError(`请填写「${f.label}」`);
          continue;
        }
        value = this.formValue(f, typeof d === 'object' ? JSON.stringify(d) : String(d), true);
      } else if (f.required) throw businessError(`请填写「${f.label}」`);
      else continue;
      this.assignTarget(L, f, value, out);
    }
    return out;
  }

  /** Writes a submitted value to the property's target: its variable, or a property of an object variable (`#{address.street}`). */
  protected assignTarget(L: Loaded, f: DecisionField, value: unknown, out: Record<string, unknown>): void {
    const t = formTarget(f);
    if (t.kind === 'none') throw businessError(`「${f.label}」的表达式 ${t.text} 不能赋值`);
    if (t.kind === 'var') {
      this.checkTargetName(L, t.name, true);
      out[t.name] = value;
      return;
    }
    this.checkTargetName(L, t.base);
    const current = Object.prototype.hasOwnProperty.call(out, t.base) ? out[t.base] : L.procVars[t.base];
    const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
    const fail = (name: string) => businessError(`「${f.label}」的表达式 ${f.expression} 无法赋值：变量「${name}」${current === undefined ? '未定义' : '不是对象'}`);
    if (!isObj(current)) throw fail(t.base);
    const root = JSON.parse(JSON.stringify(current)) as Record<string, unknown>;
    let at = root;
    for (const p of t.path.slice(0, -1)) {
      if (RESERVED_VARS.has(p)) throw businessError(`变量名「${p}」不允许使用`);
      const next = at[p];
      if (!isObj(next)) throw fail(p);
      at = next;
    }
    const last = t.path[t.path.length - 1];
    if (RESERVED_VARS.has(last)) throw businessError(`变量名「${last}」不允许使用`);
    at[last] = value;
    out[t.base] = root;
  }

  /**
   * A value checked against its property's type. A form submission (`convert`) converts it as Activiti's
   * form types do; a completion through the engine API keeps what it gave (numbers as numbers, a date as
   * the product's date-time text).
   */
  protected formValue(f: DecisionField, v: unknown, convert: boolean): unknown {
    const bad = () => businessError(`「${f.label}」的取值不正确`);
    if (f.type === 'radio') {
      if (typeof v === 'object') throw bad();
      const s = String(v).trim();
      if (f.formType === 'boolean') {
        if (!/^(true|false)$/i.test(s)) throw bad();
        return convert ? s.toLowerCase() === 'true' : v;
      }
      if (f.options.length && !f.options.some((o) => o.value === s)) throw bad();
      return convert ? s : v;
    }
    if (f.type === 'number') {
      const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
      const n = s === '' ? NaN : Number(s);
      if (!Number.isFinite(n)) throw businessError(`「${f.label}」必须是数字`);
      if (f.formType === 'long' && (!Number.isSafeInteger(n) || /[.eE]/.test(s))) throw businessError(`「${f.label}」必须是整数`);
      return n;
    }
    if (f.type === 'date') {
      const pattern = f.datePattern || DEFAULT_DATE_PATTERN;
      // a form gives the pattern's text; the engine API may also give the stored date-time text
      const d = typeof v === 'string' ? (parsePatternDate(v, pattern) ?? (convert ? null : parseStoredDate(v))) : null;
      if (!d) throw businessError(`「${f.label}」的日期格式不正确，应为 ${pattern}`);
      return d;
    }
    if (convert) {
      if (typeof v === 'object') throw businessError(`「${f.label}」必须是文本`);
      return String(v);
    }
    if (typeof v !== 'string' && typeof v !== 'number' && !Array.isArray(v)) throw businessError(`「${f.label}」必须是文本`);
    return v;
  }

  /**
   * The task's form as the approval dialog shows it (Activiti's getTaskFormData): the readable properties,
   * each with its current value as form text (from its variable or expression; a date in its pattern).
   */
  async decisionFieldsOf(taskId: string, username: string): Promise<(DecisionField & { value: string | null })[]> {
    const task = await this.db.selectFrom('wfTask').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!task || task.status !== 0) throw businessError(WF_TEXT.TASK_NOT_FOUND);
    if (!(await this.canAct(this.db, task, username))) throw businessError(WF_TEXT.NOT_CANDIDATE);
    const settings = await this.nodeSettings(this.db, task.procDefId, task.nodeId);
    const node = (await this.model({ id: task.procDefId })).nodes.get(task.nodeId);
    const fields = settings.decisionFields ? (JSON.parse(settings.decisionFields) as DecisionField[]) : (node?.decisionFields ?? []);
    const shown = fields.filter((f) => f.readable !== false);
    if (!shown.length) return [];
    const rows = await this.db.selectFrom('wfVariable').select(['name', 'value']).where('instId', '=', task.instId).where('name', 'in', ['form', 'vars']).execute();
    const read = (n: string) => {
      const v = rows.find((r) => r.name === n)?.value;
      return v ? (JSON.parse(v) as Record<string, unknown>) : {};
    };
    const vars = { ...read('form'), ...read('vars') };
    return shown.map((f) => ({ ...f, value: this.shownValue(f, vars) }));
  }

  /** A property's current value as form text (Activiti's createFormProperty): null when it has none. */
  protected shownValue(f: DecisionField, vars: Record<string, unknown>): string | null {
    let v: unknown;
    if (!f.variable && f.expression) {
      try {
        v = evaluateValue(f.expression, vars);
      } catch {
        v = null;
      }
    } else v = vars[f.variable || f.name];
    if (v === null || v === undefined) return null;
    if (f.type === 'date' && typeof v === 'string') return formatPatternDate(v, f.datePattern || DEFAULT_DATE_PATTERN) ?? v;
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}
