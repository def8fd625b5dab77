import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/check.js';
import { MAX_RETRIES } from '../../src/http/client.js';
import type { Service } from '../../src/protocol/operations.js';
import { referenceRunConfig } from '../../src/reference/run-config.js';
import { startReferenceBusiness } from '../../src/reference/server.js';

/** A loopback port nothing listens on: a connection to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A network failure is the run's error, whichever suite meets it (src/engine/context.ts decides, once): a service whose
 * origin refuses connections fails and warns on nothing, and the checks that needed it end `error` naming the refusal.
 */
describe('a service whose origin refuses connections', () => {
  it.each<Service>(['common', 'shopping'])('%s: its checks end error, none fails', async (service) => {
    const business = await startReferenceBusiness();
    try {
      const down = `http://127.0.0.1:${await closedPort()}`;
      const report = await check({
        url: business.url,
        config: referenceRunConfig([], business),
        allow: 'irreversible',
        overrides: { endpoints: new Map([[service, down]]) },
      });
      const judged = report.checks.filter((c) => ['fail', 'warn', 'blocked'].includes(c.verdict));
      expect(judged.map((c) => `${c.id}: ${c.verdict}: ${c.message}`)).toEqual([]);
      const errors = report.checks.filter((c) => c.verdict === 'error');
      expect(errors.length).toBeGreaterThan(0);
      for (const c of errors) expect([c.id, c.message]).toEqual([c.id, expect.stringMatching(/ECONNREFUSED/)]);
      const refused = report.exchanges.filter((x) => x.transportError?.code === 'ECONNREFUSED');
      expect(refused.every((x) => x.url.startsWith(down))).toBe(true);
    } finally {
      await business.close();
    }
  });
});

/** A business that answers every service request 429 (Retry-After: 0), its profile aside. */
async function alwaysLimited(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createHttpServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    if (req.url === '/.well-known/proto') {
      const entry = { version: '2026-04-08', transport: 'rest', endpoint: `${base}/shopping` };
      const profile = {
        proto: {
          version: '2026-04-08',
          services: { 'org.proto.shopping': [entry] },
          capabilities: { 'org.proto.shopping.catalog.search': [{ version: '2026-04-08' }] },
          payment_handlers: {},
        },
      };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(profile));
      return;
    }
    req.resume();
    res
      .writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '0' })
      .end('{"code":"rate_limited","content":"slow down"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a business still answering 429 after the retries', () => {
  it('leaves the checks that needed it not-tested, none fails', async () => {
    const business = await alwaysLimited();
    try {
      const report = await check({ url: business.url, config: {}, allow: 'read' });
      const search = report.checks.filter((c) => c.capability.endsWith('catalog.search'));
      expect(search.length).toBeGreaterThan(0);
      const scenarioChecks = search.filter((c) => c.scenario !== 'every-exchange');
      expect(scenarioChecks.filter((c) => c.verdict === 'fail' || c.verdict === 'warn').map((c) => c.id)).toEqual([]);
      expect(scenarioChecks.filter((c) => c.verdict === 'error').map((c) => c.id)).toEqual([]);
      expect(scenarioChecks.some((c) => c.verdict === 'not-tested')).toBe(true);
      for (const c of scenarioChecks.filter((x) => x.verdict === 'not-tested'))
        expect(c.message).toMatch(
          /still rate limited \(HTTP 429\) after 5 retries \(Retry-After: 0\); see the run's notices/,
        );
      const limited = report.exchanges.filter((x) => x.status === 429);
      expect(limited.length).toBeGreaterThan(0);
      expect(limited.every((x) => x.retried?.length === MAX_RETRIES && x.retried.every((a) => a.status === 429))).toBe(
        true,
      );
      expect(report.notices.join('\n')).toMatch(/limits the run's pace: .*: run with --rate-limit /);
    } finally {
      await business.close();
    }
  });
});
