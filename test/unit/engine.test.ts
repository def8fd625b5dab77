import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import type { Target } from '../../src/discovery/target.js';
import { HarnessError } from '../../src/engine/outcomes.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { type RunPlan, runSuites } from '../../src/engine/run.js';
import { scenario as declareScenario, type Scenario, type ScenarioSpec, type Suite } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/report/exchange.js';
import type { CheckResult, Effect } from '../../src/report/types.js';
import { HttpClient } from '../../src/http/client.js';
import type { Requirement } from '../../src/register/types.js';
import { exitCodeFor } from '../../src/report/exit-code.js';

const register: Record<string, Requirement> = Object.fromEntries(
  (['MUST', 'SHOULD', 'MAY'] as const).map((level) => [
    `T-${level}`,
    { id: `T-${level}`, level, capability: 'test', source: 'Document 1 §Test', statement: level },
  ]),
);

const target: Target = {
  url: 'http://127.0.0.1:1',
  dialect: PROTO_DIALECT,
  services: new Map([['shopping', { endpoint: 'http://127.0.0.1:1/shopping' }]]),
  capabilities: new Set(['shopping.catalog.search']),
  excluded: new Set(),
  advertised: ['org.proto.shopping.catalog.search'],
};

/** A scenario whose check IDs are plain strings: what the run-time guards see. */
function scenario(id: string, effect: Effect, checks: [string, string][], run: ScenarioSpec<string>['run']): Scenario {
  return declareScenario({
    id,
    title: id,
    effect,
    checks: checks.map(([c, req]) => ({ id: c, title: c, requirements: [req] })),
    run,
  });
}

async function run(
  suites: Suite[],
  allow: Effect = 'write',
  t: Target = target,
  more: Partial<RunPlan> = {},
): Promise<Map<string, CheckResult>> {
  const client = new HttpClient({
    dialect: PROTO_DIALECT,
    agentProfile: 'https://x.example/.well-known/proto',
    timeoutMs: 1000,
    maxResponseBytes: 1000,
    headers: {},
  });
  const report = await runSuites({
    info: {
      tool: { name: 't', version: '0' },
      target: { url: t.url, services: {}, capabilities: [] },
      options: { allow, strict: false, dialect: 'proto' },
      startedAt: new Date().toISOString(),
      seed: 'test-seed',
    },
    suites,
    target: t,
    config: {},
    client,
    allow,
    reporters: [],
    requirement: (id) => register[id],
    strict: false,
    ...more,
  });
  await client.close();
  return new Map(report.checks.map((c) => [c.id, c]));
}

const suite = (scenarios: Scenario[], extra: Partial<Suite> = {}): Suite => ({
  id: 's',
  title: 's',
  capability: 'shopping.catalog.search',
  appliesWhen: 'advertised',
  scenarios,
  ...extra,
});

describe('the engine', () => {
  it('runs a burst only with --allow burst, and alone, once every other scenario is over', async () => {
    const events: string[] = [];
    const burst = declareScenario({
      id: 'b',
      title: 'b',
      effect: 'read',
      burst: true,
      checks: [{ id: 'b', title: 'b', requirements: ['T-MUST'] }],
      run: async (t) => {
        events.push('burst');
        t.pass('b');
      },
    });
    const slow = scenario('o', 'read', [['o', 'T-MUST']], async (t) => {
      events.push('other starts');
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push('other ends');
      t.pass('o');
    });
    const r = await run([suite([burst, slow])], 'write', target, { burst: true, concurrency: 4 });
    expect(events).toEqual(['other starts', 'other ends', 'burst']);
    expect([r.get('b')?.verdict, r.get('o')?.verdict]).toEqual(['pass', 'pass']);
    const without = await run([suite([burst])], 'write', target, { concurrency: 4 });
    expect([without.get('b')?.verdict, without.get('b')?.message]).toEqual(['not-tested', 'needs --allow burst']);
    // A class not allowed is named before the consent.
    const readOnly = await run([suite([declareScenario({ ...burst, effect: 'write' } as never)])], 'read');
    expect(readOnly.get('b')?.message).toBe('needs --allow write');
  });

  it('maps a broken check to fail, warn or info by requirement level', async () => {
    const r = await run([
      suite([
        scenario(
          'x',
          'read',
          [
            ['m', 'T-MUST'],
            ['s', 'T-SHOULD'],
            ['y', 'T-MAY'],
            ['ok', 'T-MUST'],
          ],
          async (t) => {
            for (const id of ['m', 's', 'y']) t.fail(id, { message: 'broken', expected: 'held', actual: 'broken' });
            t.pass('ok');
          },
        ),
      ]),
    ]);
    expect([r.get('m')!.verdict, r.get('s')!.verdict, r.get('y')!.verdict, r.get('ok')!.verdict]).toEqual([
      'fail',
      'warn',
      'info',
      'pass',
    ]);
  });

  it('blocks the rest of a scenario when a required step fails, naming the check', async () => {
    const r = await run([
      suite([
        scenario(
          'x',
          'read',
          [
            ['first', 'T-MUST'],
            ['second', 'T-MUST'],
          ],
          async (t) => {
            t.require('first', false, { message: 'create failed', expected: 'HTTP 201', actual: 'HTTP 500' });
            t.pass('second');
          },
        ),
      ]),
    ]);
    expect(r.get('first')!.verdict).toBe('fail');
    expect(r.get('second')!.verdict).toBe('blocked');
    expect(r.get('second')!.message).toBe('blocked by first');
  });

  it('never names a check that passed as blocking another: the step that broke is not one it judged', async () => {
    const r = await run([
      suite([
        scenario('a', 'read', [['answers', 'T-MUST']], async (t) => t.pass('answers')),
        scenario('b', 'read', [['later', 'T-MUST']], async (t) => t.stopBlocked('answers')),
        scenario('c', 'read', [['failing', 'T-MUST']], async (t) =>
          t.fail('failing', { message: 'broken', expected: 'held', actual: 'broken' }),
        ),
        scenario('d', 'read', [['after', 'T-MUST']], async (t) => t.stopBlocked('failing')),
      ]),
    ]);
    expect([r.get('later')!.verdict, r.get('later')!.message]).toEqual([
      'not-tested',
      'a step it needed broke, though answers, which it waits on, passed: not judged',
    ]);
    expect([r.get('after')!.verdict, r.get('after')!.message]).toEqual(['blocked', 'blocked by failing']);
  });

  it('blocks a check not-tested for want of a fixture by the failed check whose step would have found it', async () => {
    const r = await run([
      suite([
        scenario('search', 'read', [['search.response', 'T-MUST']], async (t) =>
          t.fail('search.response', { message: 'not a search answer', expected: 'products', actual: 'none' }),
        ),
        scenario('uses', 'read', [['uses', 'T-MUST']], async (t) => {
          t.need(undefined, 'fixtures.item_ids in --config', ['search.response', 'lookup.response']);
        }),
        scenario('plain', 'read', [['plain', 'T-MUST']], async (t) => {
          t.need([], 'fixtures.other in --config', ['lookup.response']);
        }),
      ]),
    ]);
    expect([r.get('uses')!.verdict, r.get('uses')!.message]).toEqual([
      'blocked',
      'blocked by search.response: needs fixtures.item_ids in --config',
    ]);
    // What it waits on did not fail (or never ran): the config is what it lacks.
    expect([r.get('plain')!.verdict, r.get('plain')!.message]).toEqual([
      'not-tested',
      'needs fixtures.other in --config',
    ]);
  });

  it('reports not-tested with the missing config, and error with the harness cause', async () => {
    const r = await run([
      suite([
        scenario('a', 'read', [['needs', 'T-MUST']], async (t) => void t.need(undefined, 'fixtures.product_ids')),
        scenario('b', 'read', [['net', 'T-MUST']], async () => {
          throw new HarnessError('connect ECONNREFUSED');
        }),
        scenario('c', 'read', [['nt', 'T-MUST']], async (t) => t.stopNotTested('needs a second credential')),
      ]),
    ]);
    expect(r.get('needs')!).toMatchObject({ verdict: 'not-tested', message: 'needs fixtures.product_ids' });
    expect(r.get('net')!).toMatchObject({ verdict: 'error', message: 'connect ECONNREFUSED' });
    expect(r.get('nt')!.verdict).toBe('not-tested');
  });

  it('stops not-tested: the checks not yet concluded take the reason, the named one citing its own exchanges', async () => {
    const asked = { seq: 7, method: 'POST', url: 'http://127.0.0.1:1/shopping/checkout-sessions' } as Exchange;
    const r = await run([
      suite([
        scenario(
          'x',
          'read',
          [
            ['done', 'T-MUST'],
            ['step', 'T-MUST'],
            ['later', 'T-MUST'],
          ],
          async (t) => {
            t.pass('done');
            t.stopNotTested('the business asks for a field the config lacks', { check: 'step', exchanges: [asked] });
            t.pass('later');
          },
        ),
      ]),
    ]);
    expect(r.get('done')!.verdict).toBe('pass');
    for (const id of ['step', 'later'])
      expect(r.get(id)!).toMatchObject({
        verdict: 'not-tested',
        message: 'the business asks for a field the config lacks',
      });
    expect([r.get('step')!.evidence, r.get('later')!.evidence]).toEqual([[7], []]);
  });

  it('stops blocked by the check that covers a failed prerequisite, without failing it twice', async () => {
    const r = await run([
      suite([
        scenario(
          'x',
          'read',
          [
            ['own', 'T-MUST'],
            ['rest', 'T-MUST'],
          ],
          async (t) => {
            t.pass('own');
            t.stopBlocked('other.create');
            t.pass('rest');
          },
        ),
      ]),
    ]);
    expect(r.get('own')!.verdict).toBe('pass');
    expect(r.get('rest')!).toMatchObject({ verdict: 'blocked', message: 'blocked by other.create' });
  });

  it('refuses a check the scenario did not declare: at compile time where typed, when it runs where not', async () => {
    declareScenario({
      id: 'typed',
      title: 'typed',
      effect: 'read',
      checks: [{ id: 'declared', title: 'declared', requirements: ['T-MUST'] }],
      async run(t) {
        // @ts-expect-error 'undeclared' is not one of this scenario's checks
        t.pass('undeclared');
      },
    });
    // A run typed for more checks than the scenario declares is refused too.
    const concludesMore = async (t: ScenarioContext<'declared' | 'undeclared'>) => t.pass('undeclared');
    declareScenario({
      id: 'more',
      title: 'more',
      effect: 'read',
      checks: [{ id: 'declared', title: 'declared', requirements: ['T-MUST'] }],
      // @ts-expect-error the run concludes 'undeclared'
      run: concludesMore,
    });
    suite([
      // @ts-expect-error a scenario is made by scenario(), which types its checks
      { id: 'literal', title: 'literal', effect: 'read', checks: [], run: async () => {} },
    ]);

    // Computed IDs are plain strings to TypeScript: the context refuses an undeclared one as it runs.
    const untyped = scenario('untyped', 'read', [['declared', 'T-MUST']], async (t) => t.pass('undeclared'));
    const r = await run([suite([untyped])]);
    expect(r.get('declared')!).toMatchObject({
      verdict: 'error',
      message: 'harness defect: check undeclared is not declared by this scenario',
    });
  });

  it('type-checks this file, so each @ts-expect-error above marks a real compile error', () => {
    const self = fileURLToPath(import.meta.url);
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const config = ts.readConfigFile(`${root}/tsconfig.json`, ts.sys.readFile).config;
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
    const program = ts.createProgram([self], { ...options, noEmit: true });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName === self)
      .map(
        (d) =>
          `${d.file!.getLineAndCharacterOfPosition(d.start!).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
      );
    expect(problems).toEqual([]);
  });

  it('alone throws and catches a stop: suites stop through the context, never with the Stop itself', () => {
    const root = fileURLToPath(new URL('../../suites', import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const stopping = files.filter((f) =>
      /import[^;]*\bStop\b[^;]*from '[^']*engine\/outcomes\.js'/.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(files.length).toBeGreaterThan(0);
    expect(stopping).toEqual([]);
  });

  it('never passes a check the scenario forgot to conclude', async () => {
    const r = await run([suite([scenario('x', 'read', [['forgotten', 'T-MUST']], async () => {})])]);
    expect(r.get('forgotten')!.verdict).toBe('error');
    expect(r.get('forgotten')!.message).toMatch(/without concluding/);
  });

  it('gates side-effect classes with --allow', async () => {
    const suites = [
      suite([
        scenario('r', 'read', [['read', 'T-MUST']], async (t) => t.pass('read')),
        scenario('w', 'write', [['write', 'T-MUST']], async (t) => t.pass('write')),
        scenario('i', 'irreversible', [['irr', 'T-MUST']], async (t) => t.pass('irr')),
      ]),
    ];
    const readOnly = await run(suites, 'read');
    expect([readOnly.get('read')!.verdict, readOnly.get('write')!.verdict, readOnly.get('irr')!.verdict]).toEqual([
      'pass',
      'not-tested',
      'not-tested',
    ]);
    expect(readOnly.get('write')!.message).toBe('needs --allow write');
    const byDefault = await run(suites, 'write');
    expect([byDefault.get('write')!.verdict, byDefault.get('irr')!.verdict]).toEqual(['pass', 'not-tested']);
    expect(byDefault.get('irr')!.message).toBe('needs --allow irreversible');
  });

  it('marks suites of unadvertised capabilities not-applicable and of endpoint-less services blocked', async () => {
    const s = (capability: string) =>
      suite(
        [scenario(`x-${capability}`, 'read', [[`c-${capability}`, 'T-MUST']], async (t) => t.pass(`c-${capability}`))],
        { id: capability, capability },
      );
    const t: Target = {
      ...target,
      capabilities: new Set(['shopping.catalog.search', 'common.ask']),
      advertised: ['org.proto.common.ask'],
    };
    const r = await run([s('shopping.cart'), s('common.ask')], 'write', t);
    expect(r.get('c-shopping.cart')!.verdict).toBe('not-applicable');
    expect(r.get('c-common.ask')!.verdict).toBe('blocked');
    expect(r.get('c-common.ask')!.message).toMatch(/blocked by profile.rest-endpoint/);
  });

  it('marks a rule over capabilities the business does not advertise not-applicable, not not-tested', async () => {
    const rule = (id: string, capabilities?: string[]) => ({
      check: { id, title: id, requirements: ['T-MUST'] },
      appliesTo: 'cart responses',
      applies: () => false,
      problems: () => [],
      capabilities,
    });
    const rules = suite([], {
      id: 'rules',
      capability: 'envelope',
      appliesWhen: 'always',
      rules: [
        rule('cart-only', ['shopping.cart']),
        rule('cart-or-search', ['shopping.cart', 'shopping.catalog.search']),
        rule('any'),
      ],
    });
    // With the advertised capability's own suite, so it is not reported as not covered.
    const suites = [rules, suite([])];
    const r = await run(suites);
    expect(r.get('cart-only')).toMatchObject({
      verdict: 'not-applicable',
      message: 'org.proto.shopping.cart is not advertised',
    });
    // One of its capabilities advertised: seeing none of its responses is something the run lacked.
    expect(r.get('cart-or-search')).toMatchObject({ verdict: 'not-tested', message: /none of the run's/ });
    expect(r.get('any')!.verdict).toBe('not-tested');
    const none = await run(suites, 'write', { ...target, capabilities: new Set() });
    expect(none.get('cart-or-search')).toMatchObject({
      verdict: 'not-applicable',
      message: 'none of org.proto.shopping.cart, org.proto.shopping.catalog.search is advertised',
    });
    const excluded = await run(suites, 'write', { ...target, excluded: new Set(['shopping.cart']) });
    expect(excluded.get('cart-only')).toMatchObject({
      verdict: 'not-tested',
      message: 'org.proto.shopping.cart left out by --capabilities',
    });
  });
});

describe('exit codes from results', () => {
  const r = (verdict: CheckResult['verdict']) => ({ verdict }) as CheckResult;
  it('is 1 on a fail, and on a warn only with --strict', () => {
    expect(exitCodeFor([r('pass'), r('fail')], false)).toBe(1);
    expect(exitCodeFor([r('pass'), r('warn')], false)).toBe(0);
    expect(exitCodeFor([r('pass'), r('warn')], true)).toBe(1);
  });
  it('is 3 when checks could not be evaluated and nothing failed', () => {
    expect(exitCodeFor([r('pass'), r('error')], false)).toBe(3);
    expect(exitCodeFor([r('fail'), r('error')], false)).toBe(1);
    expect(exitCodeFor([r('pass'), r('not-tested'), r('not-applicable'), r('info')], false)).toBe(0);
  });
  it('leaves out the failures a baseline accepts, and only those', () => {
    const known = (verdict: CheckResult['verdict']) => ({ verdict, baselined: 'known' }) as CheckResult;
    expect(exitCodeFor([r('pass'), known('fail')], false)).toBe(0);
    expect(exitCodeFor([known('warn')], true)).toBe(0);
    expect(exitCodeFor([known('error')], false)).toBe(0);
    expect(exitCodeFor([known('fail'), r('fail')], false)).toBe(1);
    expect(exitCodeFor([known('fail'), r('error')], false)).toBe(3);
  });
});

describe('--only and --skip', () => {
  const s = {
    check: { id: 'cart.update-replaces', title: '', requirements: ['CART-004'] },
    level: 'MUST' as const,
    names: ['cart', 'shopping.cart', 'org.proto.shopping.cart'],
  };
  it('match a check by its ID, requirements, level, suite or capability, whole, ignoring case, with globs', async () => {
    const { selection } = await import('../../src/engine/selection.js');
    for (const p of ['cart.*', 'cart-00?', 'must', 'cart', 'org.proto.*.cart', '*'])
      expect(selection([p], [])(s), p).toBe(true);
    for (const p of ['cart.update', 'CART-00', 'SHOULD', 'shopping', 'cart.update-replaces.x'])
      expect(selection([p], [])(s), p).toBe(false);
    expect(selection([], [])(s)).toBe(true);
    // A skip wins over an only.
    expect(selection(['cart.*'], ['MUST'])(s)).toBe(false);
    expect(selection([], ['SHOULD', 'LKUP-*'])(s)).toBe(true);
  });
});
