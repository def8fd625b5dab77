import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, ROOT, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

/** A CONNECT proxy that asks for credentials and notes every tunnel it opens. */
function startProxy(credentials: string): Promise<{ url: string; tunnels: string[]; server: Server }> {
  const tunnels: string[] = [];
  const server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, client, head) => {
    if (req.headers['proxy-authorization'] !== `Basic ${Buffer.from(credentials).toString('base64')}`) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n');
      return;
    }
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tunnels, server }),
    ),
  );
}

describe('a business reached through a proxy', () => {
  const dir = tempDir();
  const cert = join(ROOT, 'src/reference/tls/reference-cert.pem');
  let business: RunningServer;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  beforeAll(async () => {
    business = await referenceServer([
      '--tls-cert',
      cert,
      '--tls-key',
      join(ROOT, 'src/reference/tls/reference-key.pem'),
    ]);
    proxy = await startProxy('squid:proxy-password-5b5b');
  });
  afterAll(async () => {
    await business?.stop();
    proxy?.server.close();
  });
  const authed = () => proxy.url.replace('://', '://squid:proxy-password-5b5b@');
  const args = (json: string) => [business.url, '--ca', cert, '--capabilities', 'catalog.search', '--json', json];

  it('with --proxy, sends every request and the TLS handshake it inspects through the tunnel', async () => {
    const json = join(dir, 'proxied.json');
    proxy.tunnels.length = 0;
    const r = await cli([...args(json), '--proxy', authed()]);
    expect(r.code).toBe(0);
    const report = readReport(json);
    expect(report.checks.find((c) => c.id === 'catalog-search.response')?.verdict).toBe('pass');
    expect(report.checks.find((c) => c.id === 'tls.minimum-version')?.verdict).toBe('pass');
    const { port } = new URL(business.url);
    expect(proxy.tunnels.length).toBeGreaterThan(1);
    expect(proxy.tunnels.every((t) => t === `127.0.0.1:${port}`)).toBe(true);
    // The proxy's password is a URL's userinfo: never shown.
    expect(r.stdout + r.stderr).not.toContain('proxy-password-5b5b');
  });

  it("without the proxy's credentials, cannot reach the profile, and says so in one line", async () => {
    const r = await cli([...args(join(dir, 'refused.json')), '--proxy', proxy.url]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^proto-conformance: target unusable: profile .* unreachable: .*407/);
  });

  it('takes HTTPS_PROXY from the environment, but never for a business on this machine', async () => {
    const json = join(dir, 'env.json');
    proxy.tunnels.length = 0;
    const r = await cli(args(json), { HTTPS_PROXY: authed() });
    expect(r.code).toBe(0);
    expect(proxy.tunnels).toEqual([]);
  });
});
