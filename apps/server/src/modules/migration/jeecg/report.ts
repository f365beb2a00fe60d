import type { ImportReport } from './importer.js';

/** The import's summary as printed at the end of a run: counts, reasons, menus without an equivalent, notes. */
export function formatReport(report: ImportReport, opts: { verbose?: boolean } = {}): string {
  const lines: string[] = ['', '导入结果', '--------'];
  const width = Math.max(...report.entities.map((e) => e.label.length));
  for (const e of report.entities) {
    const skipped = e.total - e.imported;
    lines.push(`${e.label.padEnd(width + 2, '　')}源 ${e.total}，导入 ${e.imported}，跳过 ${skipped}`);
    for (const [reason, n] of Object.entries(e.skipped)) lines.push(`    跳过 ${n}：${reason}`);
  }
  const mapped = report.permissions.filter((p) => p.target);
  const unmapped = report.permissions.filter((p) => !p.target);
  if (opts.verbose && mapped.length) {
    lines.push('', '菜单与按钮的对应（JeecgBoot → 本产品）');
    for (const p of mapped) {
      lines.push(`  ${p.name} ${p.url ?? p.perms ?? ''} → ${p.target!.name ?? ''} ${p.target!.url ?? p.target!.perms ?? ''}`);
    }
  }
  if (unmapped.length) {
    lines.push('', `没有对应页面的菜单与按钮（${unmapped.length} 个，其授权未导入）`);
    const shown = opts.verbose ? unmapped : unmapped.slice(0, 40);
    for (const p of shown) lines.push(`  ${p.name} ${p.url ?? p.perms ?? ''}`.trimEnd());
    if (shown.length < unmapped.length) lines.push(`  …另有 ${unmapped.length - shown.length} 个（加 --verbose 查看全部）`);
  }
  if (report.notes.length) {
    lines.push('', '说明');
    for (const n of report.notes) lines.push(`  ${n}`);
  }
  return lines.join('\n');
}
