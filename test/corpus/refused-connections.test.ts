import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/check.js';
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
