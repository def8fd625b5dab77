import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

const dir = tempDir();

/** A business whose profile advertises only capabilities this version does not check. */
function uncheckedBusiness(): Promise<{ url: string; server: Server }> {
  return new Promise((resolve) => {
    const server = createServer((_req, res) => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          proto: {
            version: '2026-04-08',
            services: {
              'org.proto.shopping': [{ version: '2026-04-08', transport: 'rest', endpoint: `${base}/shopping` }],
            },
            capabilities: {
              'org.proto.shopping.discount': [{ version: '2026-04-08' }],
              'com.example.loyalty': [{ version: '2026-04-08' }],
            },
          },
        }),
      );
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    );
  });
}

describe('capabilities this version does not check', () => {
  let unchecked: { url: string; server: Server };
  let reference: RunningServer;
  beforeAll(async () => {
    unchecked = await uncheckedBusiness();
    reference = await referenceServer(['--variation', 'profile-extension-capabilities']);
  });
  afterAll(async () => {
    unchecked?.server.close();
    await reference?.stop();
  });

  it('are listed as not-tested, "not covered by this version", on the console and in the reports', async () => {
    const json = join(dir, 'extensions.json');
    const junit = join(dir, 'extensions.xml');
    const r = await cli([reference.url, '--json', json, '--junit', junit]);
    const report = readReport(json);
    const listed = report.checks.filter((c) => c.message === 'not covered by this version');
    expect(listed.map((c) => c.capability).sort()).toEqual(['com.example.loyalty', 'org.proto.shopping.discount']);
    expect(listed.every((c) => c.verdict === 'not-tested')).toBe(true);
    expect(r.stdout).toMatch(/^com\.example\.loyalty$/m);
    expect(r.stdout).toContain('not covered by this version');
    expect(r.code).toBe(0);
  });

  it('make a run where no service check could run end with exit 3, saying why', async () => {
    const json = join(dir, 'unchecked.json');
    const r = await cli([unchecked.url, '--json', json]);
    const report = readReport(json);
    expect(
      report.checks
        .filter((c) => c.message === 'not covered by this version')
        .map((c) => c.capability)
        .sort(),
    ).toEqual(['com.example.loyalty', 'org.proto.shopping.discount']);
    expect(report.notices.join(' ')).toMatch(/no service check could run/);
    expect(r.stdout).toMatch(/^notice: no service check could run/m);
    expect(r.code).toBe(3);
  });
});
