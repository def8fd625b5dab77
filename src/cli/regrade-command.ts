import { readFile } from 'node:fs/promises';
import type { Reporter } from '../report/events.js';
import { UsageError } from '../errors.js';
import type { RunRecord } from './record.js';
import { RUN_DEFAULTS } from './defaults.js';
import { executeRun, resolveRun, type RunOptions } from './run-command.js';

/** The options of `regrade`: where the reports go, and how much the console says. */
export type RegradeOptions = Pick<RunOptions, 'json' | 'junit' | 'html' | 'markdown' | 'verbose' | 'quiet'>;

/**
 * `regrade FILE`: judges a recorded run again with this checker, without contacting the business:
 * every request is answered from the record, as the business answered then. Checks whose request
 * the record lacks are not-tested; the verdicts that changed since the recording are listed.
 */
export async function regradeCommand(file: string, opts: RegradeOptions, write: (s: string) => void): Promise<number> {
  let record: RunRecord;
  try {
    record = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`cannot read the record ${file}: ${(err as Error).message}`);
  }
  if (record?.recordVersion !== 1 || !Array.isArray(record.exchanges) || !record.target?.url)
    throw new UsageError(`${file} is not a record (write one with --record FILE)`);
  if (record.options.dialect !== 'proto')
    throw new UsageError(`${file} was recorded in the dialect ${record.options.dialect}; only proto is regraded`);
  const run = await resolveRun(
    record.target.url,
    {
      ...opts,
      allow: record.options.allow,
      strict: record.options.strict,
      ...RUN_DEFAULTS,
      // One scenario at a time: a shared fixture's recorded answer goes to the scenario that asks first.
      concurrency: '1',
      endpoint: [],
      ...(record.target.leftOut?.length ? { capabilities: record.target.capabilities.join(',') } : {}),
    },
    { config: record.config },
  );
  const was = new Map(record.checks.map((c) => [c.id, c.verdict]));
  const changes: Reporter = {
    on(event) {
      if (event.type !== 'run-finished') return;
      const changed = event.report.checks.filter((c) => was.has(c.id) && was.get(c.id) !== c.verdict);
      write(
        [
          '',
          `regraded ${file} (recorded ${record.finishedAt} by ${record.tool.name} ${record.tool.version}, spec ${record.specVersion}): ` +
            `${changed.length} verdict(s) changed`,
          ...changed.map((c) => `  ${c.id}: ${was.get(c.id)} → ${c.verdict}`),
          '',
        ].join('\n'),
      );
    },
  };
  return executeRun(
    {
      ...run,
      regrade: { exchanges: record.exchanges, handshakes: record.handshakes, platform: record.platform },
      seed: record.seed,
    },
    write,
    [changes],
  );
}
