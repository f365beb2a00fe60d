#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and API tests, then browser journeys. Stops at the first failing step
// and closes with the test counts of every step that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const out = '.test-artifacts';
mkdirSync(out, { recursive: true });
const report = (name) => `${out}/${name}.json`;
const vitestArgs = (name) => ['--reporter=default', '--reporter=json', `--outputFile=${report(name)}`];

const steps = [
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  { name: 'unit and API tests', cmd: 'npx', args: ['vitest', 'run', ...vitestArgs('unit')], report: 'unit' },
  { name: 'build', cmd: 'npm', args: ['run', 'build'] },
  {
    name: 'browser journeys',
    cmd: 'npx',
    args: ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...vitestArgs('e2e')],
    report: 'e2e',
  },
];
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
let stepFailed = false;
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.startsWith(o))) continue;
  console.log(`\n=== ${step.name} ===`);
  if (step.report) rmSync(report(step.report), { force: true });
  const started = Date.now();
  const r = spawnSync(step.cmd, step.args, { stdio: 'inherit', env: process.env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (step.report && existsSync(report(step.report))) {
    const j = JSON.parse(readFileSync(report(step.report), 'utf8'));
    passed += j.numPassedTests ?? 0;
    failed += j.numFailedTests ?? 0;
    skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  }
  if (r.status === 0) {
    console.log(`=== ${step.name}: ok (${secs}s) ===`);
  } else {
    console.log(`=== ${step.name}: FAILED (${secs}s) ===`);
    stepFailed = true;
    if (!step.report) failed++;
    break;
  }
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(stepFailed || failed ? 1 : 0);
