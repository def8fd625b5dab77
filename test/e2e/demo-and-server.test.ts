import { describe, expect, it } from 'vitest';
import { cli, referenceServer } from '../helpers/processes.js';
import { CORPUS_FAULTS, expectedRequirements } from '../../src/corpus/index.js';
import { VARIATIONS } from '../../src/reference/variations.js';

describe('proto-conformance demo', () => {
  it('checks the in-process reference business with every class allowed, and passes', async () => {
    const r = await cli(['demo']);
    expect(r.code).toBe(0);
    const last = r.stdout.trimEnd().split('\n').at(-1)!;
    expect(last).toMatch(
      /^\d+ passed, 0 failed, 0 warned, \d+ info, 0 not-applicable, 1 not-tested, 0 blocked, 0 error$/,
    );
  });

  it('with --json - writes the JSON report alone to stdout, the console to stderr', async () => {
    const r = await cli(['demo', '--json', '-']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.summary.fail).toBe(0);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
      `${report.summary.pass} passed, 0 failed, 0 warned, ${report.summary.info} info, 0 not-applicable, 1 not-tested, 0 blocked, 0 error`,
    );
    const two = await cli(['demo', '--json', '-', '--junit', '-']);
    expect(two.code).toBe(2);
    expect(two.stderr).toBe('proto-conformance: only one report can be written to stdout (-)\n');
  });

  it('with --quiet prints the counts line alone', async () => {
    const r = await cli(['demo', '--quiet']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^\d+ passed, 0 failed, 0 warned, \d+ info, 0 not-applicable, 1 not-tested, 0 blocked, 0 error\n$/,
    );
  });
});

describe('proto-conformance reference-server', () => {
  it('prints its base URL and stops cleanly on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = await referenceServer();
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${server.url}/.well-known/proto`);
      expect(res.status).toBe(200);
      // Replace the helper's listener (which treats any exit as a failure) with one that records the code.
      server.process.removeAllListeners('exit');
      const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
      server.process.kill(signal);
      expect(await exited).toBe(0);
    }
  });

  it('lists both corpora as JSON, whole', async () => {
    const faults = JSON.parse((await cli(['reference-server', '--list-faults', '--json'])).stdout);
    expect(faults).toEqual(
      CORPUS_FAULTS.map((f) => ({
        name: f.name,
        capability: f.capability,
        description: f.description,
        expect: expectedRequirements(f),
        fails: [...f.fails],
        skips: [...(f.skips ?? [])],
        needs: [...(f.needs ?? [])],
      })),
    );
    const variations = JSON.parse((await cli(['reference-server', '--list-variations', '--json'])).stdout);
    expect(variations).toEqual(
      VARIATIONS.map(({ name, capability, description, permitted_by }) => ({
        name,
        capability,
        description,
        permitted_by,
      })),
    );
    for (const v of variations) expect(v.permitted_by, v.name).toMatch(/^(Document [123] §\S.*"|Not shown)/);
  });

  it('refuses variations that exclude each other, and a fault a variation leaves nothing to break', async () => {
    const both = await cli([
      'reference-server',
      '--variation',
      'checkout-no-auto-selection',
      '--variation',
      'checkout-option-preselected',
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/cannot be on together with checkout-option-preselected/);
    const hidden = await cli([
      'reference-server',
      '--fault',
      'profile-handlers-not-array',
      '--variation',
      'profile-no-payment-handlers',
    ]);
    expect(hidden.code).toBe(2);
    expect(hidden.stderr).toMatch(/leaves --fault profile-handlers-not-array nothing to break/);
  });

  it('lists the faults as text too', async () => {
    const r = await cli(['reference-server', '--list-faults']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^jwk-private-member\s+profile\s+.*\[PROF-007\]$/m);
  });
});
