import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: string | null = null;
/** axe-core's browser bundle (read once). */
function axeSource(): string {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/** One accessibility violation of impact serious or critical. */
export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  /** CSS selectors of the first offending nodes */
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) on the page and returns the violations of impact serious or
 * critical. `exclude` lists selectors to leave out (third-party widgets the product cannot change, each
 * with its reason where it is passed); `include` limits the run to these selectors (e.g. a page's content
 * and the pop-ups rendered at the end of the body, when the layout around it was checked already).
 */
export async function axeViolations(
  page: Page,
  exclude: string[] = [],
  include: string[] = [],
): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // evaluated over the DevTools protocol: the app's Content-Security-Policy forbids inline scripts
  if (!loaded) await page.evaluate(axeSource());
  return page.evaluate(
    async ({ excluded, included }) => {
      interface Result {
        violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
      }
      const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<Result> } }).axe;
      const inc = included.filter((s) => document.querySelector(s));
      const context =
        excluded.length || inc.length
          ? { include: inc.length ? inc.map((s) => [s]) : [['body']], exclude: excluded.map((s) => [s]) }
          : document;
      const r = await axe.run(context, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      });
      return r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          id: v.id,
          impact: v.impact ?? '',
          help: v.help,
          targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
        }));
    },
    { excluded: exclude, included: include },
  );
}

/** A short text of violations for an assertion message. */
export function describeViolations(where: string, vs: AxeViolation[]): string[] {
  return vs.map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.targets.join(' | ')}`);
}
