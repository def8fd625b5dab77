/**
 * A scenario context whose business answers from a script, for unit tests of what the suites'
 * flows decide: every call is recorded, and each conclusion, clean-up and stop is kept to assert on.
 */
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { Suite } from '../../src/engine/suite.js';
import { OPERATIONS, type Operation } from '../../src/protocol/operations.js';
import type { Exchange } from '../../src/report/exchange.js';

export const x = (status: number | undefined, json?: unknown, sentJson?: unknown) =>
  ({ status, json, sentJson }) as unknown as Exchange;

/** An operation of the table, by name. */
export function operation(name: string): Operation {
  const found = OPERATIONS.find((o) => o.name === name);
  if (!found) throw new Error(`no operation ${name}`);
  return found;
}

let seq = 0;
/** A whole exchange, for what reads every member (rules, notes): a 200 to a shopping POST unless told. */
export const exchange = (extra: Partial<Exchange> = {}): Exchange => ({
  seq: ++seq,
  operation: 'catalog.search',
  service: 'shopping',
  method: 'POST',
  url: `http://127.0.0.1:1/${extra.operation ?? 'catalog.search'}`,
  requestHeaders: {},
  status: 200,
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
  ...extra,
});

export const session = (status: string, more: object = {}) => ({
  proto: { version: '2026-04-08', status: 'success' },
  id: 'chk_1',
  status,
  ...more,
});

export const ask = (path: string, code = 'missing', more: object = {}) => ({ type: 'error', code, path, ...more });

export type Call = {
  op: string;
  opts: { id?: string; input?: { resource?: unknown; members?: unknown; [k: string]: unknown }; [k: string]: unknown };
};

export interface Concluded {
  kind: string;
  message?: string;
  expected?: string;
  actual?: string;
  exchanges?: Exchange[];
}

/**
 * `answer` gives the business's answer to each call (numbered from 1); what a request carried is
 * the update's resource, or the members a create adds, unless the answer says otherwise. A stop
 * throws `not-tested: why` or `blocked by CHECK`. `more` adds or replaces methods of the context.
 */
export function scripted(
  answer: (call: Call, n: number) => Exchange,
  setup: { target?: object; config?: object; more?: object } = {},
) {
  const calls: Call[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  const concluded = new Map<string, Concluded>();
  // As the engine's context: a check concludes once.
  const conclude = (id: string, c: Concluded) => {
    if (concluded.has(id)) throw new Error(`check ${id} concluded twice`);
    concluded.set(id, c);
  };
  const stopNotTested = (why: string): never => {
    throw new Error(`not-tested: ${why}`);
  };
  const t = {
    dialect: PROTO_DIALECT,
    target: { capabilities: new Set<string>(), excluded: new Set<string>(), ...setup.target },
    config: setup.config ?? {},
    async call(op: string, opts: Call['opts'] = {}) {
      const call = { op, opts };
      calls.push(call);
      const answered = answer(call, calls.length);
      const sent = answered.sentJson ?? opts.input?.resource ?? opts.input?.members;
      return { ...answered, operation: op, sentJson: sent };
    },
    once: <T>(_key: string, work: () => Promise<T>) => work(),
    concluded: (id: string) => concluded.has(id),
    cleanup: (step: () => Promise<unknown>) => cleanups.push(step),
    check(id: string, ok: boolean, finding: object) {
      conclude(id, { kind: ok ? 'held' : 'broken', ...finding });
      return ok;
    },
    require(id: string, ok: boolean, finding: object) {
      if (!t.check(id, ok, finding)) t.stopBlocked(id);
    },
    pass: (id: string, message: string, exchanges?: Exchange[]) => conclude(id, { kind: 'held', message, exchanges }),
    fail: (id: string, finding: object) => conclude(id, { kind: 'broken', ...finding }),
    notApplicable: (id: string, message: string) => conclude(id, { kind: 'not-applicable', message }),
    observe: (id: string, finding: object) => conclude(id, { kind: 'observed', ...finding }),
    notTested: (id: string, message: string, exchanges?: Exchange[]) =>
      conclude(id, { kind: 'not-tested', message, exchanges }),
    need<T>(value: T | undefined, what: string): T {
      if (value === undefined || (Array.isArray(value) && value.length === 0)) stopNotTested(`needs ${what}`);
      return value as T;
    },
    stopNotTested,
    stopBlocked: (by: string): never => {
      throw new Error(`blocked by ${by}`);
    },
    ...setup.more,
  };
  return { t: t as unknown as ScenarioContext<string>, calls, cleanups, concluded };
}

/**
 * Runs one scenario of `suite` against a scripted business: how it stopped (`not-tested: …`,
 * `blocked by …`), what it concluded, the calls it made and the clean-ups it left (not run).
 */
export async function runScenario(
  suite: Suite,
  id: string,
  answer: (call: Call, n: number) => Exchange,
  setup: { target?: object; config?: object; more?: object } = {},
) {
  const scenario = suite.scenarios.find((c) => c.id === id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  const s = scripted(answer, { ...setup, more: { exchanges: [], ...setup.more } });
  let stopped: string | undefined;
  await (scenario.run as (t: ScenarioContext<string>) => Promise<void>)(s.t).catch((e: Error) => {
    stopped = e.message;
  });
  return {
    stopped,
    verdict: (c: string) => s.concluded.get(c),
    concluded: [...s.concluded.keys()],
    calls: s.calls,
    cleanups: s.cleanups,
  };
}
