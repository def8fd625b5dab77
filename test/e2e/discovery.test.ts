import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

/** Redirects every request to `to`, as a host moved behind a load balancer would. */
function redirector(to: () => string, status = 301): Promise<{ url: string; server: Server }> {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      res.writeHead(status, { Location: `${to()}${req.url}`, 'Content-Type': 'application/json' });
      res.end('{"code":"moved","content":"moved"}');
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    );
  });
}

describe('profile discovery', () => {
  let business: RunningServer;
  const servers: Server[] = [];
  const dir = tempDir();
  beforeAll(async () => {
    business = await referenceServer();
  });
  afterAll(async () => {
    for (const s of servers) s.close();
    await business?.stop();
  });

  it('follows redirects to the profile and reports where it was read', async () => {
    const moved = await redirector(() => business.url, 308);
    servers.push(moved.server);
    const json = join(dir, 'redirect.json');
    const r = await cli([moved.url, '--json', json]);
    const report = readReport(json);
    expect(report.target.profileUrl).toBe(`${business.url}/.well-known/proto`);
    expect(report.checks.find((c) => c.id === 'profile.version')?.verdict).toBe('pass');
    expect(r.code).toBe(0);
  });

  it('gives up on a redirect loop with exit 3', async () => {
    let self = '';
    const loop = await redirector(() => self);
    self = loop.url;
    servers.push(loop.server);
    const r = await cli([loop.url]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/more than 5 redirects/);
  });
});
