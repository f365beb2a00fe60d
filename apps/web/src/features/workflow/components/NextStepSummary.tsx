import type { NextNode } from '../api';
import { nextStepLines } from '../nextApprovers';

/**
 * Who the next step goes to, in words (`行政审核：任一人审批：王芳、李娜、钱慧`): the same lines on the desktop
 * dialogs and the phone pages. `chosen` narrows a user task to the picked people.
 */
export function NextStepSummary({
  node,
  chosen,
  label,
  testId = 'next-step',
}: {
  node: NextNode | null | undefined;
  chosen?: string[];
  /** text before the node title, e.g. 第一步 */
  label?: string;
  testId?: string;
}) {
  const lines = nextStepLines(node, chosen);
  if (!lines.length) return null;
  return (
    <div className="wf-next-step" data-testid={testId} style={{ lineHeight: 1.7, wordBreak: 'break-word' }}>
      {lines.map((l, i) => (
        <div key={`${l.title}-${i}`} data-testid={`${testId}-line`} data-mode={l.mode} data-ratio={l.ratio}>
          <strong>{label ? `${label}：${l.title}` : l.title}</strong>
          <span style={{ marginLeft: 8 }}>{l.text}</span>
        </div>
      ))}
    </div>
  );
}
