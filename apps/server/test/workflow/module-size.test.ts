import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The workflow module stays in rooms: no source file of it grows past this many lines (docs/workflow.md, "Engine layout"). */
const MAX_LINES = 600;
const root = fileURLToPath(new URL('../../src/modules/workflow/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('workflow module size', () => {
  it(`no .ts file of the workflow module is over ${MAX_LINES} lines`, () => {
    const files = sources(root);
    expect(files.length).toBeGreaterThan(10);
    const over = files
      .map((f) => ({ file: relative(root, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES);
    expect(over).toEqual([]);
  });

  it('the engine, the read side, the parser and the migration planner each begin with a comment saying what they own', () => {
    const rooms = /^(engine.*|signing|workflow\.queries|history\.queries|next-step\.queries|bpmn|bpmn-model|bpmn-elements|migration\.service|migration\.plan)\.ts$/;
    const bare = sources(root)
      .filter((f) => rooms.test(relative(root, f)))
      .filter((f) => !readFileSync(f, 'utf8').startsWith('/**'));
    expect(bare).toEqual([]);
  });
});
