import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import type { Target } from '../../src/discovery/target.js';
import { runSuites } from '../../src/engine/run.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { scenario, type Suite } from '../../src/engine/suite.js';
import type { RunReport } from '../../src/report/run-report.js';
import { HttpClient } from '../../src/http/client.js';
import { Redactor } from '../../src/http/redact.js';
import { OutputRedaction } from '../../reports/redaction.js';
import type { Requirement } from '../../src/register/types.js';

const register: Record<string, Requirement> = Object.fromEntries(
  ['T-1', 'T-2', 'DISC-001'].map((id) => [
    id,
    {
      id,
      level: 'MUST',
      capability: 'test',
      source: 'Document 1 §Test',
      statement: 'a test requirement.',
    } as Requirement,
  ]),
);

/** Answers GET /carts/{id} with a cart, and anything else with 201 and a fresh cart. */
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(req.method === 'GET' ? 200 : 201, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        proto: { version: '2026-01-01' },
        id: 'cart-0001',
        line_items: [],
        currency: 'USD',
        totals: [],
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function run(suites: Suite[], advertised: string[] = []): Promise<RunReport> {
  const target: Target = {
    url: base,
    dialect: PROTO_DIALECT,
    services: new Map([['shopping', { endpoint: base }]]),
    capabilities: new Set(['shopping.cart']),
    excluded: new Set(),
    advertised,
  };
  const client = new HttpClient({
    dialect: PROTO_DIALECT,
    agentProfile: 'https://x.example/.well-known/proto',
    timeoutMs: 2000,
    maxResponseBytes: 10_000,
    headers: {},
  });
  try {
    // As written: curl lines and replay scripts come with the output, from redacted exchanges.
    const output = new OutputRedaction(new Redactor());
    const raw = await runSuites({
      info: {
        tool: { name: 't', version: '0' },
        target: { url: base, services: {}, capabilities: [] },
        options: { allow: 'write', strict: false, dialect: 'proto' },
        startedAt: new Date().toISOString(),
        seed: 'test-seed',
      },
      suites,
      target,
      config: {},
      client,
      allow: 'write',
      reporters: [],
      requirement: (id) => register[id],
      strict: false,
    });
    return output.report(raw);
  } finally {
    await client.close();
  }
}

const cartSuite = (rule: Suite['rules'], scenarioRun: (t: ScenarioContext<'first'>) => Promise<void>): Suite => ({
  id: 'cart',
  title: 'cart',
  capability: 'shopping.cart',
  appliesWhen: 'advertised',
  rules: rule,
  scenarios: [
    scenario({
      id: 'sc',
      title: 'sc',
      effect: 'write',
      checks: [{ id: 'first', title: 'first', requirements: ['T-1'] }],
      run: scenarioRun,
    }),
  ],
});

describe('the exchange log and citations', () => {
  it('fixes evidence when a check concludes, and never cites a clean-up', async () => {
    const report = await run([
      cartSuite([], async (t) => {
        const created = await t.call('cart.create', { input: { lineItems: [{ item: { id: 'x' }, quantity: 1 }] } });
        t.cleanup(() => t.call('cart.cancel', { id: 'cart-0001' }));
        t.check('first', false, { message: 'judged the create', expected: 'held', actual: 'broken' });
        await t.call('cart.get', { id: String((created.json as { id: string }).id) });
      }),
    ]);
    const first = report.checks.find((c) => c.id === 'first')!;
    expect(first.evidence).toEqual([1]);
    expect(report.exchanges.map((x) => [x.seq, x.operation, x.role ?? ''])).toEqual([
      [1, 'cart.create', ''],
      [2, 'cart.get', ''],
      [3, 'cart.cancel', 'cleanup'],
    ]);
    // A failing check of a one-request chain has a curl line and no script.
    expect(first.curl).toHaveLength(1);
    expect(first.reproduction).toBeUndefined();
  });

  it('scripts the chain of a failing multi-step check up to the judged request', async () => {
    const report = await run([
      cartSuite([], async (t) => {
        await t.call('cart.create', { input: { lineItems: [{ item: { id: 'x' }, quantity: 1 }] } });
        const got = await t.call('cart.get', { id: 'cart-0001' });
        t.check('first', false, { message: 'judged the get', expected: 'held', actual: 'broken', exchanges: [got] });
      }),
    ]);
    const script = report.checks.find((c) => c.id === 'first')!.reproduction!;
    expect(script).toContain('# 1. cart.create');
    expect(script).toContain('# 2. cart.get (judged)');
    // cart-0001 was issued by the create, so the get reads it from there.
    expect(script).toMatch(/\/carts\/'"\$v\d+_uri"/);
  });
});

describe('rules over every exchange', () => {
  const rule = (problem: boolean): NonNullable<Suite['rules']>[0] => ({
    check: { id: 'cart.rule', title: 'rule', requirements: ['T-2'] },
    appliesTo: 'cart responses',
    applies: (x) => x.operation.startsWith('cart.'),
    problems: (x) => (problem && x.operation === 'cart.get' ? ['bad get'] : []),
  });

  it('judge the exchanges of every scenario, clean-up excluded, and cite the offending ones', async () => {
    const report = await run([
      cartSuite([rule(true)], async (t) => {
        await t.call('cart.create', { input: { lineItems: [] } });
        await t.call('cart.get', { id: 'cart-0001' });
        t.cleanup(() => t.call('cart.get', { id: 'cart-0001' }));
        t.pass('first');
      }),
    ]);
    const r = report.checks.find((c) => c.id === 'cart.rule')!;
    expect(r.verdict).toBe('fail');
    expect(r.evidence).toEqual([2]);
    expect(r.message).toMatch(/^1 of 2 cart responses break it/);
  });

  it('pass on what they judged, and are not-tested when the run saw nothing they apply to', async () => {
    const held = await run([
      cartSuite([rule(false)], async (t) => {
        await t.call('cart.create', { input: { lineItems: [] } });
        t.pass('first');
      }),
    ]);
    expect(held.checks.find((c) => c.id === 'cart.rule')).toMatchObject({
      verdict: 'pass',
      message: 'held on 1 cart responses',
    });
    const none = await run([cartSuite([rule(false)], async (t) => t.pass('first'))]);
    expect(none.checks.find((c) => c.id === 'cart.rule')!.verdict).toBe('not-tested');
  });
});

describe('coverage and the exit code', () => {
  it('lists advertised capabilities no suite checks, and exits 3 when no service check ran', async () => {
    const report = await run([], ['org.proto.common.ask']);
    expect(report.checks.map((c) => [c.id, c.verdict, c.message])).toEqual([
      ['coverage.org.proto.common.ask', 'not-tested', 'not covered by this version'],
    ]);
    expect(report.exitCode).toBe(3);
    expect(report.notices).toHaveLength(1);
  });

  it('exits 0 once a service check judged the business', async () => {
    const report = await run([cartSuite([], async (t) => t.pass('first'))], ['org.proto.shopping.cart']);
    expect(report.exitCode).toBe(0);
    expect(report.notices).toEqual([]);
  });
});
