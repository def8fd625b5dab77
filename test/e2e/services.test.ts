import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

const dir = tempDir();

describe('reference-server --services', () => {
  let lodging: RunningServer;
  const config = join(dir, 'lodging-config.json');
  beforeAll(async () => {
    lodging = await referenceServer(['--services', 'lodging', '--write-config', config]);
  });
  afterAll(() => lodging?.stop());

  it('advertises all three services by default, each with an endpoint of its own', async () => {
    const server = await referenceServer();
    try {
      const profile = (await (await fetch(`${server.url}/.well-known/proto`)).json()) as {
        proto: { services: Record<string, { endpoint: string }[]>; capabilities: Record<string, unknown> };
      };
      const endpoints = Object.fromEntries(
        Object.entries(profile.proto.services).map(([name, entries]) => [name, entries[0].endpoint]),
      );
      expect(Object.keys(endpoints).sort()).toEqual(['org.proto.common', 'org.proto.lodging', 'org.proto.shopping']);
      expect(new Set(Object.values(endpoints)).size).toBe(3);
      expect(Object.keys(profile.proto.capabilities)).toEqual(
        expect.arrayContaining([
          'org.proto.shopping.checkout',
          'org.proto.common.location.search',
          'org.proto.common.location.lookup',
          'org.proto.common.ask',
          'org.proto.lodging.booking',
        ]),
      );
    } finally {
      await server.stop();
    }
  });

  it('serves and advertises only the services named: a run checks lodging and nothing of shopping', async () => {
    const profile = (await (await fetch(`${lodging.url}/.well-known/proto`)).json()) as {
      proto: { services: Record<string, unknown>; capabilities: Record<string, unknown> };
    };
    expect(Object.keys(profile.proto.services)).toEqual(['org.proto.lodging']);
    expect(Object.keys(profile.proto.capabilities)).toEqual(['org.proto.lodging.booking']);
    // A shopping route is not there at all.
    const carts = await fetch(`${lodging.url}/shopping/carts/x`);
    expect(carts.status).toBe(404);

    const report = join(dir, 'lodging.json');
    const r = await cli([lodging.url, '--config', config, '--allow', 'irreversible', '--json', report]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const checks = readReport(report).checks;
    expect(checks.filter((c) => c.id.startsWith('booking.') && c.verdict === 'pass').length).toBeGreaterThan(0);
    const others = checks.filter((c) => /^(catalog|cart|checkout|order|location|ask)[-.]/.test(c.id));
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((c) => c.verdict !== 'not-applicable').map((c) => c.id)).toEqual([]);
  });

  it('refuses a service the spec does not define, naming the known ones', async () => {
    const r = await cli(['reference-server', '--services', 'shopping,travel']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--services travel: no such service; known: shopping, common, lodging/);
  });
});
