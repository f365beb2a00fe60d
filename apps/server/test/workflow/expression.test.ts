import { describe, expect, it } from 'vitest';
import { compileCondition, evaluateCondition, evaluateValue, ExpressionError, UnknownVariableError } from '../../src/modules/workflow/expression.js';

const vars = { amount: 6800, type: 'travel', days: '3', vip: true, blank: '', dept: { code: 'A01A03' }, items: [] };

describe('[WORKFLOW] gateway condition evaluator', () => {
  it.each([
    ['${amount > 5000}', true],
    ['${amount <= 5000}', false],
    ["${type == 'travel' && amount gt 1000}", true],
    ['${type eq "meal" or days >= 3}', true],
    ['${!(amount > 5000)}', false],
    ['${not vip}', false],
    ['${days == 3}', true],
    ["${dept.code == 'A01A03'}", true],
    ["${dept.missing == null}", true],
    ['${amount / 2 + 100 * 2 == 3600}', true],
    ['${amount % 1000 == 800 && amount mod 1000 == 800}', true],
    ['${(amount - 800) div 1000 >= 6}', true],
    ["${amount > 5000 ? vip : !vip}", true],
    ["${amount < 5000 ? true : type == 'meal'}", false],
    ['${1 + 2 * 3 == 7 && (1 + 2) * 3 == 9}', true],
    ['${!vip || amount >= 6800}', true],
    ['${days * 2 > 5}', true],
    ['${empty blank && empty items}', true],
    ['${-amount < 0}', true],
    ['#{amount != 6800}', false],
    ['', true],
  ])('%s → %s', (expr, expected) => {
    expect(evaluateCondition(expr, vars)).toBe(expected);
  });

  it.each(['${constructor.constructor("return 1")()}', '${amount > }', '${a ; b}', "${'open}", '${process.exit(1)}'])(
    'rejects or neutralises %s without running code',
    (expr) => {
      let threw = false;
      try {
        compileCondition(expr);
        expect(evaluateCondition(expr, vars)).toBe(false);
      } catch (err) {
        threw = true;
        expect(err).toBeInstanceOf(ExpressionError);
      }
      expect(typeof threw).toBe('boolean');
    },
  );

  it('does not reach prototype properties', () => {
    expect(() => evaluateCondition('${__proto__ == null}', {})).toThrow(UnknownVariableError);
    expect(() => evaluateCondition('${toString == null}', {})).toThrow(UnknownVariableError);
    expect(evaluateCondition('${dept.constructor == null}', vars)).toBe(true);
  });

  it('an undefined variable is an error naming it, never null', () => {
    for (const expr of ['${missing == null}', '${missing > 1}', '${!approved}', '${empty missing}']) {
      let err: unknown;
      try {
        evaluateCondition(expr, vars);
      } catch (e) {
        err = e;
      }
      expect(err, expr).toBeInstanceOf(UnknownVariableError);
      expect((err as UnknownVariableError).variable).toMatch(/missing|approved/);
    }
  });

  it('values: assignment expressions and arithmetic errors', () => {
    expect(evaluateValue('${initiator}', { initiator: 'zhulin' })).toBe('zhulin');
    expect(evaluateValue("${amount > 5000 ? 'zhangwei' : 'liuyang'}", vars)).toBe('zhangwei');
    expect(() => evaluateValue('${amount / 0}', vars)).toThrow(ExpressionError);
    expect(() => evaluateValue("${type * 2}", vars)).toThrow(ExpressionError);
    expect(() => compileCondition('${a ? b}')).toThrow(ExpressionError);
    expect(() => compileCondition('${execution.getVariable("x")}')).toThrow(ExpressionError);
  });
});
