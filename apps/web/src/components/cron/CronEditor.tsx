import {
  CRON_BOUNDS,
  CRON_FIELD_LABELS,
  CRON_PREVIEW_DEBOUNCE_MS,
  DAY_CHOICES,
  DAYS_BEFORE_EOM_BOUNDS,
  NEAREST_WORKDAY_BOUNDS,
  NTH_WEEKDAY_BOUNDS,
  WEEKDAYS,
  cronPreview,
  type CronField,
  type CronFieldName,
  type CronModel,
} from '@go/contract/cron';
import { Alert, Checkbox, InputNumber, Radio, Select, Space, Tabs } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { applyEditorChange, cronModelToExpression, expressionFields, initialModel, TAB_ORDER, validateCronModel } from './editorRules';
import './cron.css';

const UNIT: Record<CronFieldName, string> = { second: '秒', minute: '分钟', hour: '小时', day: '日', month: '月', week: '周', year: '年' };
const EVERY_TEXT: Record<string, string> = { second: '每一秒钟', minute: '每一分钟', hour: '每一小时', month: '每一个月', year: '每年' };

type Patch<K extends CronFieldName> = (name: K, patch: Partial<CronModel[K]>) => void;

function Num({ value, min, max, onChange, testId }: { value: number; min: number; max: number; onChange: (v: number) => void; testId?: string }) {
  return (
    <InputNumber
      size="small"
      value={value}
      min={min}
      max={max}
      precision={0}
      style={{ width: 76 }}
      onChange={(v) => onChange(typeof v === 'number' ? v : min)}
      onClick={(e) => e.stopPropagation()}
      data-testid={testId}
    />
  );
}

function WeekdaySelect({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  return (
    <Select
      size="small"
      value={value}
      style={{ width: 92 }}
      onChange={onChange}
      options={WEEKDAYS.map((w) => ({ value: w.value, label: w.label }))}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

function range(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

function pad(n: number, name: CronFieldName) {
  return name === 'second' || name === 'minute' || name === 'hour' ? String(n).padStart(2, '0') : String(n);
}

/** Second, minute, hour, month and year: every, range, loop, specify (year: not set instead of specify). */
function PlainTab({ name, f, patch }: { name: 'second' | 'minute' | 'hour' | 'month' | 'year'; f: CronField; patch: Patch<typeof name> }) {
  const b = CRON_BOUNDS[name];
  const unit = UNIT[name];
  const isYear = name === 'year';
  const loopStartMin = isYear ? 0 : b.min;
  const set = (p: Partial<CronField>) => patch(name, p);
  return (
    <Radio.Group value={f.cronEvery} onChange={(e) => set({ cronEvery: e.target.value as string })} className="cron-radios">
      {isYear && (
        <Radio value="0" data-testid={`cron-${name}-0`}>
          不指定
        </Radio>
      )}
      <Radio value="1" data-testid={`cron-${name}-1`}>
        {EVERY_TEXT[name]}
      </Radio>
      <Radio value="4" data-testid={`cron-${name}-4`}>
        <Space size={4} wrap>
          周期从
          <Num value={f.rangeStart} min={b.min} max={b.max} onChange={(v) => set({ cronEvery: '4', rangeStart: v })} testId={`cron-${name}-range-start`} />-
          <Num value={f.rangeEnd} min={isYear ? b.min : b.min} max={b.max} onChange={(v) => set({ cronEvery: '4', rangeEnd: v })} testId={`cron-${name}-range-end`} />
          {unit}
        </Space>
      </Radio>
      <Radio value="2" data-testid={`cron-${name}-2`}>
        <Space size={4} wrap>
          从
          <Num value={f.incrementStart} min={loopStartMin} max={b.max} onChange={(v) => set({ cronEvery: '2', incrementStart: v })} testId={`cron-${name}-loop-start`} />
          {unit}开始，每
          <Num value={f.incrementIncrement} min={b.stepMin} max={b.stepMax} onChange={(v) => set({ cronEvery: '2', incrementIncrement: v })} testId={`cron-${name}-loop-step`} />
          {unit}执行一次
        </Space>
      </Radio>
      {!isYear && (
        <Radio value="3" data-testid={`cron-${name}-3`}>
          指定
        </Radio>
      )}
      {!isYear && f.cronEvery === '3' && (
        <Checkbox.Group
          className="cron-grid"
          value={f.specificSpecific}
          onChange={(v) => set({ cronEvery: '3', specificSpecific: (v as number[]).slice().sort((x, y) => x - y) })}
          options={range(b.min, b.max).map((n) => ({ value: n, label: pad(n, name) }))}
        />
      )}
    </Radio.Group>
  );
}

/** The eleven day choices (docs/realtime-and-jobs.md, 6) plus "not set" (the week tab decides). */
function DayTab({ m, patch }: { m: CronModel; patch: Patch<'day' | 'week'> }) {
  const d = m.day;
  const w = m.week;
  const choose = (cronEvery: string) => patch('day', { cronEvery });
  const day = (p: Partial<CronModel['day']>, every: string) => patch('day', { ...p, cronEvery: every });
  const week = (p: Partial<CronModel['week']>, every: string) => {
    patch('week', p);
    patch('day', { cronEvery: every });
  };
  const label: Record<string, ReactNode> = {
    '1': '每日',
    '2': (
      <Space size={4} wrap>
        每周从
        <WeekdaySelect value={w.incrementStart} onChange={(v) => week({ incrementStart: v }, '2')} />
        开始，每
        <Num value={w.incrementIncrement} min={1} max={7} onChange={(v) => week({ incrementIncrement: v }, '2')} testId="cron-day-2-step" />
        天执行一次
      </Space>
    ),
    '3': (
      <Space size={4} wrap>
        每月从
        <Num value={d.incrementStart} min={1} max={31} onChange={(v) => day({ incrementStart: v }, '3')} testId="cron-day-3-start" />
        日开始，每
        <Num value={d.incrementIncrement} min={CRON_BOUNDS.day.stepMin} max={CRON_BOUNDS.day.stepMax} onChange={(v) => day({ incrementIncrement: v }, '3')} testId="cron-day-3-step" />
        天执行一次
      </Space>
    ),
    '4': '指定星期',
    '5': '指定日',
    '6': '每月最后一天',
    '7': '每月最后一个工作日',
    '8': (
      <Space size={4} wrap>
        每月最后一个
        <WeekdaySelect value={d.cronLastSpecificDomDay} onChange={(v) => day({ cronLastSpecificDomDay: v }, '8')} />
      </Space>
    ),
    '9': (
      <Space size={4} wrap>
        每月最后一天前
        <Num value={d.cronDaysBeforeEomMinus} min={DAYS_BEFORE_EOM_BOUNDS.min} max={DAYS_BEFORE_EOM_BOUNDS.max} onChange={(v) => day({ cronDaysBeforeEomMinus: v }, '9')} testId="cron-day-9-n" />
        天
      </Space>
    ),
    '10': (
      <Space size={4} wrap>
        离每月
        <Num value={d.cronDaysNearestWeekday} min={NEAREST_WORKDAY_BOUNDS.min} max={NEAREST_WORKDAY_BOUNDS.max} onChange={(v) => day({ cronDaysNearestWeekday: v }, '10')} testId="cron-day-10-n" />
        日最近的工作日
      </Space>
    ),
    '11': (
      <Space size={4} wrap>
        每月第
        <Num value={w.cronNthDayNth} min={NTH_WEEKDAY_BOUNDS.min} max={NTH_WEEKDAY_BOUNDS.max} onChange={(v) => week({ cronNthDayNth: v }, '11')} testId="cron-day-11-nth" />
        个
        <WeekdaySelect value={w.cronNthDayDay} onChange={(v) => week({ cronNthDayDay: v }, '11')} />
      </Space>
    ),
  };
  return (
    <Radio.Group value={d.cronEvery} onChange={(e) => choose(e.target.value as string)} className="cron-radios">
      <Radio value="0" data-testid="cron-day-0">
        不指定（由“周”决定）
      </Radio>
      {DAY_CHOICES.map((c) => (
        <div key={c.value}>
          <Radio value={c.value} data-testid={`cron-day-${c.value}`} title={c.label}>
            {label[c.value] ?? c.label}
          </Radio>
          {c.value === '4' && d.cronEvery === '4' && (
            <Checkbox.Group
              className="cron-grid cron-grid-week"
              value={w.specificSpecific}
              onChange={(v) => week({ specificSpecific: v as number[] }, '4')}
              options={WEEKDAYS.map((x) => ({ value: x.value, label: x.label }))}
            />
          )}
          {c.value === '5' && d.cronEvery === '5' && (
            <Checkbox.Group
              className="cron-grid"
              value={d.specificSpecific}
              onChange={(v) => day({ specificSpecific: (v as number[]).slice().sort((x, y) => x - y) }, '5')}
              options={range(1, 31).map((n) => ({ value: n, label: String(n) }))}
            />
          )}
        </div>
      ))}
    </Radio.Group>
  );
}

/** Week types (docs/realtime-and-jobs.md, 6): not set, range, loop, specify (Monday … Sunday are 2 … 7, 1). */
function WeekTab({ m, patch }: { m: CronModel; patch: Patch<'week'> }) {
  const w = m.week;
  const set = (p: Partial<CronModel['week']>) => patch('week', p);
  return (
    <Radio.Group value={m.day.cronEvery === '0' ? w.cronEvery : '0'} onChange={(e) => set({ cronEvery: e.target.value as string })} className="cron-radios">
      <Radio value="0" data-testid="cron-week-0">
        不指定（由“日”决定）
      </Radio>
      <Radio value="4" data-testid="cron-week-4">
        <Space size={4} wrap>
          周期从
          <WeekdaySelect value={w.rangeStart} onChange={(v) => set({ cronEvery: '4', rangeStart: v })} />-
          <WeekdaySelect value={w.rangeEnd} onChange={(v) => set({ cronEvery: '4', rangeEnd: v })} />
        </Space>
      </Radio>
      <Radio value="2" data-testid="cron-week-2">
        <Space size={4} wrap>
          从
          <WeekdaySelect value={w.incrementStart} onChange={(v) => set({ cronEvery: '2', incrementStart: v })} />
          开始，每
          <Num value={w.incrementIncrement} min={CRON_BOUNDS.week.stepMin} max={CRON_BOUNDS.week.stepMax} onChange={(v) => set({ cronEvery: '2', incrementIncrement: v })} testId="cron-week-loop-step" />
          天执行一次
        </Space>
      </Radio>
      <Radio value="3" data-testid="cron-week-3">
        指定
      </Radio>
      {m.day.cronEvery === '0' && w.cronEvery === '3' && (
        <Checkbox.Group
          className="cron-grid cron-grid-week"
          value={w.specificSpecific}
          onChange={(v) => set({ cronEvery: '3', specificSpecific: v as number[] })}
          options={WEEKDAYS.map((x) => ({ value: x.value, label: x.label }))}
        />
      )}
    </Radio.Group>
  );
}

/** The next 10 run times of an expression, recomputed 500 ms after the last change (docs/realtime-and-jobs.md, 6). */
export function useCronPreview(expression: string, valid: boolean): { runs: string[]; pending: boolean } {
  const [state, setState] = useState<{ expr: string; runs: string[] }>({ expr: '', runs: [] });
  useEffect(() => {
    if (!valid) return;
    const t = setTimeout(() => setState({ expr: expression, runs: cronPreview(expression) }), CRON_PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [expression, valid]);
  return { runs: valid && state.expr === expression ? state.runs : [], pending: valid && state.expr !== expression };
}

export interface CronEditorProps {
  value?: string;
  onChange?: (expression: string) => void;
  /** The expression of a model the editor cannot show stays untouched until the user edits a tab. */
  now?: Date;
}

/**
 * The cron editor (docs/realtime-and-jobs.md, 6): tabs 秒 分 时 日 月 周 年 editing a Quartz expression with the
 * linkage rules and bounds of docs/realtime-and-jobs.md, 6, the expression's fields, and the next 10 run times
 * (ignoring the year) after a 500 ms pause.
 */
export function CronEditor({ value, onChange, now }: CronEditorProps) {
  const [model, setModel] = useState<CronModel>(() => initialModel(value, now));
  const expression = useMemo(() => cronModelToExpression(model), [model]);
  const lastEmitted = useRef(expression);
  const [tab, setTab] = useState<CronFieldName>('second');

  // An empty value takes the editor's starting expression.
  useEffect(() => {
    if (!value) onChange?.(lastEmitted.current);
    // once, on mount
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // An outside change of the value (typed in the dialog) re-reads the model.
  useEffect(() => {
    if (value === undefined || value === lastEmitted.current) return;
    const next = initialModel(value, now);
    lastEmitted.current = cronModelToExpression(next);
    setModel(next);
  }, [value, now]);

  const modelRef = useRef(model);
  modelRef.current = model;
  const patch = <K extends CronFieldName>(name: K, p: Partial<CronModel[K]>) => {
    // Several patches in one handler build on each other.
    const next = applyEditorChange(modelRef.current, name, p);
    modelRef.current = next;
    setModel(next);
    const expr = cronModelToExpression(next);
    if (expr !== lastEmitted.current) {
      lastEmitted.current = expr;
      onChange?.(expr);
    }
  };

  const errors = useMemo(() => validateCronModel(model), [model]);
  const { runs, pending } = useCronPreview(expression, errors.length === 0);
  const fields = expressionFields(expression);

  const content = (name: CronFieldName): ReactNode => {
    if (name === 'day') return <DayTab m={model} patch={patch} />;
    if (name === 'week') return <WeekTab m={model} patch={patch} />;
    return <PlainTab name={name} f={model[name]} patch={patch} />;
  };

  return (
    <div className="cron-editor" data-testid="cron-editor">
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(k) => setTab(k as CronFieldName)}
        items={TAB_ORDER.map((name) => ({ key: name, label: CRON_FIELD_LABELS[name], children: <div className="cron-pane">{content(name)}</div> }))}
      />
      <table className="cron-fields" data-testid="cron-fields">
        <thead>
          <tr>
            {TAB_ORDER.map((n) => (
              <th key={n}>{CRON_FIELD_LABELS[n]}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {TAB_ORDER.map((n) => (
              <td key={n} data-testid={`cron-field-${n}`}>
                {fields[n] || (n === 'year' ? '（不指定）' : '')}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      {errors.length > 0 && <Alert type="error" showIcon message={errors.join('；')} style={{ marginTop: 8 }} data-testid="cron-errors" />}
      <div className="cron-preview" data-testid="cron-preview">
        <div className="cron-preview-title">最近10次运行时间{pending ? '（计算中…）' : ''}</div>
        {errors.length === 0 && !pending && runs.length === 0 && <div className="cron-preview-empty">该表达式以后不再执行</div>}
        <ol>
          {runs.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ol>
      </div>
    </div>
  );
}

