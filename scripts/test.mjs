#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and API tests, then browser journeys. Stops at the first failing step
// and closes with one summary line of passed and failed steps.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['browser journeys', 'npm', ['run', 'test:e2e']],
];
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status === 0) {
    passed++;
    console.log(`=== ${name}: ok (${secs}s) ===`);
  } else {
    failed++;
    console.log(`=== ${name}: FAILED (${secs}s) ===`);
    break;
  }
}
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
