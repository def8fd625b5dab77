import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from '../helpers/processes.js';

/**
 * A business that answers nothing useful (404, so the run ends at discovery, exit 3) and keeps the
 * headers of the request it got: what the run sent, before any redaction.
 */
describe('configuration: flags, then environment, then the file, then defaults', () => {
  const dir = tempDir();
  let server: Server;
  let url: string;
  let seen: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Runs against the business; returns what its first request carried and how the run ended. */
  async function sent(args: string[], env: Record<string, string> = {}) {
    seen = [];
    const r = await cli([url, '--quiet', ...args], env);
    return { r, headers: seen[0] ?? {} };
  }
  const config = (name: string, body: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(body));
    return file;
  };

  it('takes the agent profile from the flag, else the environment, else the file', async () => {
    const file = config('profile.json', { agent_profile: 'https://file.example/p' });
    const env = { PROTO_CONFORMANCE_AGENT_PROFILE: 'https://env.example/p' };
    const agent = async (args: string[], e: Record<string, string> = {}) =>
      (await sent(['--config', file, ...args], e)).headers['proto-agent'];
    expect(await agent([])).toBe('profile="https://file.example/p"');
    expect(await agent([], env)).toBe('profile="https://env.example/p"');
    expect(await agent(['--agent-profile', 'https://flag.example/p'], env)).toBe('profile="https://flag.example/p"');
    // And without any, the default: a profile the run hosts itself for a business on this machine.
    expect((await sent([])).headers['proto-agent']).toMatch(/^profile="http:\/\/127\.0\.0\.1:\d+\//);
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own syntax
  it('replaces ${VAR} in the file from the environment, and names the member when one is not set', async () => {
    const file = config('vars.json', {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own syntax
      agent_profile: 'https://${PROFILE_HOST}/p',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own syntax
      headers: { 'X-Api-Key': '${SHOP_KEY}' },
    });
    const { headers } = await sent(['--config', file], { PROFILE_HOST: 'var.example', SHOP_KEY: 'key-from-env-42' });
    expect(headers['proto-agent']).toBe('profile="https://var.example/p"');
    expect(headers['x-api-key']).toBe('key-from-env-42');
    const unset = await cli([url, '--config', file], { PROFILE_HOST: 'var.example' });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toBe(
      `proto-conformance: config ${file}: $.headers["X-Api-Key"] names \${SHOP_KEY}, which is not set in the environment\n`,
    );
  });

  it("adds -H headers to the file's, replacing one of the same name, and never shows their values", async () => {
    const file = config('headers.json', { headers: { 'X-Api-Key': 'from-file-1111', 'X-Other': 'other-2222' } });
    const json = join(dir, 'headers-report.json');
    const { r, headers } = await sent([
      '--config',
      file,
      '-H',
      'x-api-key: from-flag-3333',
      '--header',
      'X-Extra:extra-4444',
      '--json',
      json,
    ]);
    expect(headers['x-api-key']).toBe('from-flag-3333');
    expect(headers['x-other']).toBe('other-2222');
    expect(headers['x-extra']).toBe('extra-4444');
    expect(r.code).toBe(3);
    for (const out of [r.stdout, r.stderr, readFileSync(json, 'utf8')])
      for (const secret of ['from-flag-3333', 'extra-4444', 'other-2222']) expect(out).not.toContain(secret);
    const bad = await cli([url, '-H', 'no colon here']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('proto-conformance: --header "no colon here": expected "Name: value"\n');
  });

  it("resolves the file's paths from its own folder, and blames the member, not a flag never given", async () => {
    const file = config('paths.json', { tls: { ca_file: 'certs/ca.pem' } });
    const r = await cli([url, '--config', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proto-conformance: config tls.ca_file ${join(dir, 'certs/ca.pem')}: cannot read it (ENOENT)\n`,
    );
  });

  it('names a misspelt member and the known one it is closest to', async () => {
    const file = config('typo.json', { fixtures: { serch_query: 'socks' } });
    const r = await cli([url, '--config', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proto-conformance: config ${file} is invalid: $.fixtures: unknown member "serch_query"; did you mean "search_query"?\n`,
    );
  });
});
