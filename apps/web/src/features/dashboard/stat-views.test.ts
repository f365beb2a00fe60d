import { describe, expect, it } from 'vitest';
import { statCsv, statView, type Translate } from './stat-views';

const t: Translate = (dict, v) => ({ sex: { '1': '男', '2': '女' }, hy_marriage: { '1': '未婚', '3': '已婚已育' } } as Record<string, Record<string, string>>)[dict]?.[v] ?? v;

describe('dashboard views', () => {
  it('translates dictionary values, names blanks 未填写 and pies the sex split', () => {
    const v = statView('sexStatistics', '性别分布', [{ key: '1', count: 3 }, { key: '2', count: 2 }, { key: '', count: 1 }], t);
    expect(v.tables[0]!.rows).toEqual([['男', 3], ['女', 2], ['未填写', 1]]);
    expect((v.option.series as { type: string }[])[0]!.type).toBe('pie');
    expect(v.summary).toBe('男 3 人，女 2 人，未填写 1 人');
    expect(v.empty).toBe(false);
  });

  it('social security Y/N reads 已缴纳/未缴纳; bands stay in order as bars', () => {
    expect(statView('homeSecurityStatistics', '社保', [{ key: 'N', count: 1 }, { key: 'Y', count: 9 }], t).tables[0]!.rows).toEqual([['未缴纳', 1], ['已缴纳', 9]]);
    const age = statView('ageStatistics', '年龄', [{ key: '25岁以下', count: 0 }, { key: '25-29岁', count: 0 }], t);
    expect((age.option.series as { type: string }[])[0]!.type).toBe('bar');
    expect(age.empty).toBe(true);
  });

  it('head figures compare this month with last, with the headcount', () => {
    const v = statView('homeStatistics', '概况', { headcount: 10, hiresThisMonth: 2, hiresLastMonth: 1, leaversThisMonth: 0, leaversLastMonth: 3, openPositionsThisMonth: 4, openPositionsLastMonth: 5 }, t);
    expect(v.tables[0]!.rows).toEqual([['在职人数（当前）', 10, '—'], ['入职人数', 2, 1], ['离职人数', 0, 3], ['在招岗位', 4, 5]]);
  });

  it('a card of two tables downloads as one CSV with a 类别 column; formulas are neutralised', () => {
    const v = statView('marriageChildStatistics', '婚育', { marriage: [{ key: '3', count: 2 }, { key: '=cmd', count: 1 }], children: { withChildren: 2, withoutChildren: 1 } }, t);
    expect(statCsv(v)).toBe('\ufeff类别,项目,人数\r\n婚姻状况,已婚已育,2\r\n婚姻状况,\'=cmd,1\r\n子女情况,有子女,2\r\n子女情况,无子女,1\r\n');
  });
});
