import { suites as bundled } from '../../suites/index.js';
import { wireName } from '../dialect/dialect.js';
import { selection } from '../engine/selection.js';
import { allows, levelOf } from '../engine/verdict.js';
import type { ResolvedRun } from './run-command.js';

/**
 * `--list`: what a run with these options would judge, and what it would write, sending nothing.
 * The profile is not read, so every capability the options allow is listed; those the business
 * does not advertise will be not-applicable.
 */
export function listRun(run: ResolvedRun, write: (s: string) => void): number {
  const select = selection(run.only ?? [], run.skip ?? []);
  const wanted = run.overrides.capabilities;
  const lines: string[] = [];
  let count = 0;
  for (const suite of bundled) {
    if (wanted && suite.appliesWhen === 'advertised' && !wanted.includes(suite.capability)) continue;
    const name = suite.appliesWhen === 'advertised' ? wireName(run.dialect, suite.capability) : suite.capability;
    const checks = [
      ...suite.scenarios.flatMap((sc) =>
        sc.checks.map((check) => ({
          check,
          note: !allows(run.allow, sc.effect)
            ? ` (needs --allow ${sc.effect})`
            : sc.burst && !run.burst
              ? ' (needs --allow burst)'
              : '',
        })),
      ),
      ...(suite.rules ?? []).map((r) => ({ check: r.check, note: ' (over every exchange)' })),
    ].filter(({ check }) =>
      select({
        check,
        level: levelOf(check.requirements),
        names: [suite.id, suite.capability, name],
      }),
    );
    if (!checks.length) continue;
    lines.push('', `${name} (${suite.id})`);
    for (const { check, note } of checks) {
      lines.push(`  ${check.id} ${levelOf(check.requirements)} ${check.requirements.join(' ')}: ${check.title}${note}`);
    }
    count += checks.length;
  }
  const files = Object.entries({ ...run.outputs, baseline: run.writeBaseline })
    .filter(([, f]) => f)
    .map(([kind, f]) => `${kind} ${f === '-' ? 'to stdout' : f}`);
  lines.push(
    '',
    `${count} checks would be judged against ${run.url}, where the business advertises their capability.`,
    files.length ? `It would write: ${files.join(', ')}.` : 'It would write no report file.',
  );
  write(`${lines.join('\n').trimStart()}\n`);
  return 0;
}
