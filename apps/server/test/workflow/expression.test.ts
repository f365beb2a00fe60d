import { describe, expect, it } from 'vitest';
import { compileCondition, evaluateCondition, ExpressionError } from '../../src/modules/workflow/expression.js';

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
    ['${missing == null}', true],
    ['${missing > 1}', false],
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
    expect(evaluateCondition('${__proto__ == null}', {})).toBe(true);
    expect(evaluateCondition('${toString == null}', {})).toBe(true);
  });
});
