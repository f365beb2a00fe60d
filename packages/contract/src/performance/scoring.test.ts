import { describe, expect, it } from 'vitest';
import { aggregateSurvey, answerScore, type ScoredQuestion } from './questionnaire.js';
import { averageOfFilled, quarterAverage, round2, scoreTargets, yearAverage } from './scoring.js';
import { questionnaireInput, scoreCell, surveySend, userYearPerfAdd, yearPart } from './schemas.js';

describe('[PERFORMANCE]: average of filled months or quarters (docs/performance.md, Rules)', () => {
  // values → expected mean, computed by hand
  const rows: [unknown[], number | null][] = [
    [[], null],
    [[null, undefined, ''], null],
    [[80], 80],
    [[80, 90], 85],
    [[85, 90, 92.5], 89.17], // 267.5 / 3 = 89.1666…
    [[88, null, 91, null, 79], 86], // 258 / 3
    [[100, 99, 99], 99.33], // 298 / 3 = 99.333…
    [[60, 61, 61], 60.67], // 182 / 3 = 60.666…
    [[70.5, 80.25], 75.38], // 150.75 / 2 = 75.375, half up
    [[0, 100], 50], // a zero is a filled score
    [[1.005], 1.01],
  ];
  it.each(rows)('%j → %s', (values, expected) => {
    expect(averageOfFilled(values)).toBe(expected);
  });

  it('avgCount of a yearly row reads the twelve month fields, May as marBranch', () => {
    expect(yearAverage({ janBranch: 80, marBranch: 90, decemBranch: null })).toBe(85);
    expect(yearAverage({ marchBranch: 70, aprilBranch: 75, marBranch: 77, septemBranch: 91 })).toBe(78.25); // 313 / 4
    expect(yearAverage({})).toBeNull();
  });

  it('the quarterly average reads the four quarter fields', () => {
    expect(quarterAverage({ firstQuarter: 82.5, thirdQuarter: 90 })).toBe(86.25);
    expect(quarterAverage({ firstQuarter: 81, secondQuarter: 82, thirdQuarter: 84, fourthQuarter: null })).toBe(82.33); // 247 / 3
  });

  it('round2 rounds half up without binary artefacts', () => {
    expect(round2(2.675)).toBe(2.68);
    expect(round2(89.165)).toBe(89.17);
    expect(round2(-1.005)).toBe(-1.01);
  });
});

describe('[PERFORMANCE]: where an evaluation score lands (third-quarter rule)', () => {
  const rows: [string, { month?: number; quarter?: number }, string[], string | null, string | null][] = [
    ['January', { month: 1 }, ['janBranch'], null, null],
    ['May is marBranch', { month: 5 }, ['marBranch'], null, null],
    ['December', { month: 12 }, ['decemBranch'], null, null],
    ['first quarter', { quarter: 1 }, [], 'firstQuarter', 'firstQuarterId'],
    ['second quarter', { quarter: 2 }, [], 'secondQuarter', 'secondQuarterId'],
    [
      'third quarter also writes the months after July',
      { quarter: 3 },
      ['augustBranch', 'septemBranch', 'octoberBranch', 'novemberBranch', 'decemBranch'],
      'thirdQuarter',
      'thirdQuarterId',
    ],
    ['fourth quarter', { quarter: 4 }, [], 'fourthQuarter', 'fourthQuarterId'],
    ['nothing', {}, [], null, null],
    ['month out of range', { month: 13 }, [], null, null],
    ['quarter out of range', { quarter: 0 }, [], null, null],
  ];
  it.each(rows)('%s', (_name, period, months, quarter, idField) => {
    const t = scoreTargets(period);
    expect(t.months).toEqual(months);
    expect(t.quarter?.field ?? null).toBe(quarter);
    expect(t.quarter?.idField ?? null).toBe(idField);
  });

  it('July is never written by the third-quarter option', () => {
    expect(scoreTargets({ quarter: 3 }).months).not.toContain('julyBranch');
  });
});

describe('[PERFORMANCE]: questionnaire scoring with weights', () => {
  const qs: ScoredQuestion[] = [
    { id: 'q1', type: 'single', weight: 2, options: [{ label: '优秀', score: 100 }, { label: '良好', score: 80 }, { label: '一般', score: 60 }, { label: '差', score: 20 }] },
    { id: 'q2', type: 'multiple', weight: 1, options: [{ label: 'A', score: 40 }, { label: 'B', score: 30 }, { label: 'C', score: 50 }] },
    { id: 'q3', type: 'scale5', weight: 3, options: [] },
    { id: 'q4', type: 'scale10', weight: 4, options: [] },
    { id: 'q5', type: 'text', weight: 5, options: [] },
  ];

  it('scores each answer on 0–100', () => {
    expect(answerScore(qs[0], 1)).toBe(80);
    expect(answerScore(qs[0], '3')).toBe(20);
    expect(answerScore(qs[0], 4)).toBeNull();
    expect(answerScore(qs[1], [0, 2])).toBe(90);
    expect(answerScore(qs[1], [0, 1, 2])).toBe(100); // 120 capped
    expect(answerScore(qs[1], [])).toBeNull();
    expect(answerScore(qs[2], 4)).toBe(80);
    expect(answerScore(qs[2], 6)).toBeNull();
    expect(answerScore(qs[3], 7)).toBe(70);
    expect(answerScore(qs[3], 0)).toBeNull();
    expect(answerScore(qs[4], '好')).toBeNull();
  });

  it('aggregates three raters to hand-computed results', () => {
    const r = aggregateSurvey(qs, [
      { q1: 0, q2: [0, 1], q3: 4, q4: 9, q5: '很好' }, // 100, 70, 80, 90
      { q1: 1, q2: [0, 2], q3: 5, q4: 7, q5: '' }, // 80, 90, 100, 70
      { q1: 2, q2: [1, 2, 0], q3: 3, q5: '还行' }, // 60, 100, 60, —
    ]);
    expect(r.questions).toEqual([
      { questionId: 'q1', average: 80, answered: 3 },
      { questionId: 'q2', average: 86.67, answered: 3 }, // 260 / 3
      { questionId: 'q3', average: 80, answered: 3 },
      { questionId: 'q4', average: 80, answered: 2 },
      { questionId: 'q5', average: null, answered: 2 },
    ]);
    // (2·80 + 1·86.667 + 3·80 + 4·80) / 10 = 80.67
    expect(r.total).toBe(80.67);
  });

  it('no answers give no total', () => {
    expect(aggregateSurvey(qs, []).total).toBeNull();
  });
});

describe('[PERFORMANCE]: shared validation', () => {
  it('score cells accept 0–100, blanks as null, and refuse the rest in Chinese', () => {
    expect(scoreCell.parse('')).toBeNull();
    expect(scoreCell.parse('88.5')).toBe(88.5);
    expect(scoreCell.safeParse(101).error?.issues[0].message).toBe('分数须在0到100之间');
    expect(scoreCell.safeParse('abc').error?.issues[0].message).toBe('分数须在0到100之间');
  });
  it('years are 2019–2119', () => {
    expect(yearPart.parse(2026)).toBe('2026');
    expect(yearPart.safeParse('2018').error?.issues[0].message).toBe('考核年度须在2019至2119之间');
    expect(userYearPerfAdd.safeParse({ yearPart: '2026' }).error?.issues[0].message).toBe('请选择人员');
  });
  it('questionnaires need a title, questions and two options per choice question', () => {
    expect(questionnaireInput.safeParse({ title: '', questions: [] }).error?.issues.map((i) => i.message)).toEqual(['请输入问卷名称', '请至少添加一道题目']);
    const bad = questionnaireInput.safeParse({ title: '360', questions: [{ type: 'single', title: '态度', options: [{ label: '好', score: 100 }] }] });
    expect(bad.error?.issues[0].message).toBe('选择题至少需要两个选项');
  });
  it('a survey needs raters, each once', () => {
    expect(surveySend.safeParse({ questionnaireId: '1', targetUserId: 'u', raters: [] }).error?.issues[0].message).toBe('请至少选择一位评价人');
    const dup = surveySend.safeParse({ questionnaireId: '1', targetUserId: 'u', raters: [{ username: 'a' }, { username: 'a' }] });
    expect(dup.error?.issues[0].message).toBe('评价人不能重复');
  });
});
