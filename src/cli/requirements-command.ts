import { allRequirements } from '../register/index.js';

/**
 * `requirements`: prints the register, as a table or JSON. An untestable or retired requirement
 * shows why, so the reasons stay in plain sight.
 */
export function requirementsCommand(opts: { json?: boolean }, out: (s: string) => void): void {
  const all = allRequirements();
  if (opts.json) {
    out(`${JSON.stringify(all, null, 2)}\n`);
    return;
  }
  for (const r of all) {
    const flags = [r.derived ? 'derived' : '', r.untestable ? 'untestable' : '', r.retired ? 'retired' : '']
      .filter(Boolean)
      .join(',');
    out(
      `${r.id.padEnd(9)} ${r.level.padEnd(6)} ${r.capability.padEnd(24)} ${r.statement}${flags ? ` [${flags}]` : ''}  (${r.source})\n`,
    );
    if (r.untestable) out(`${' '.repeat(10)}untestable: ${r.untestable}\n`);
    if (r.retired) out(`${' '.repeat(10)}retired: ${r.retired}\n`);
  }
}
