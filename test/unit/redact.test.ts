import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import { HttpClient } from '../../src/http/client.js';
import { curlFor } from '../../src/http/curl.js';
import { Redactor, REDACTED } from '../../src/http/redact.js';
import { OutputRedaction } from '../../reports/redaction.js';

function client(extra: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) {
  return new HttpClient({
    dialect: PROTO_DIALECT,
    agentProfile: 'https://me.example/.well-known/proto',
    timeoutMs: 2000,
    maxResponseBytes: 10_000,
    headers: {},
    ...extra,
  });
}

/** Echoes the request body back, like a careless server would. */
function echoServer(handler?: (send: (s: string) => void) => void): Promise<{ url: string; close: () => void }> {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        if (handler) handler((s) => res.end(s));
        else
          res.end(JSON.stringify({ echoed: body, auth: req.headers.authorization, agent: req.headers['proto-agent'] }));
      });
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    );
  });
}

describe('redaction and evidence', () => {
  it('hides secret headers, payment tokens and config secrets everywhere, echoes included', async () => {
    const server = await echoServer();
    const redactor = new Redactor({ secrets: ['config-secret-value'] });
    const c = client({ headers: { Authorization: 'Bearer very-secret-bearer' }, allow: 'irreversible' });
    c.sendCredentialsTo([server.url]);
    const x = await c.send({
      operation: 'checkout.complete',
      method: 'POST',
      url: `${server.url}/x?key=config-secret-value`,
      body: { payment: { instruments: [{ credential: { type: 'card', token: 'tok_live_abcdef' } }] } },
    });
    await c.close();
    server.close();
    // The run judges what was sent and received; what is written carries no secret.
    expect(x.requestHeaders.Authorization).toBe('Bearer very-secret-bearer');
    expect((x.json as { auth: string }).auth).toBe('Bearer very-secret-bearer');
    const [out] = new OutputRedaction(redactor).log([x]);
    const everything = JSON.stringify(out) + curlFor(out);
    for (const secret of ['very-secret-bearer', 'tok_live_abcdef', 'config-secret-value'])
      expect(everything).not.toContain(secret);
    expect(out.requestHeaders.Authorization).toBe(REDACTED);
    expect(out.responseBody).toContain(REDACTED);
    expect((out.json as { agent: string }).agent).toBe('profile="https://me.example/.well-known/proto"');
  });

  it('judges a body a short secret occurs in as it came, and hides the secret only in output', () => {
    const x = {
      seq: 1,
      operation: 't',
      method: 'GET',
      url: 'http://127.0.0.1:1/a',
      requestHeaders: { 'X-API-Key': 'test' },
      responseBody: '{"latest_fulfillment_time":"2026-01-01T00:00:00Z"}',
      json: { latest_fulfillment_time: '2026-01-01T00:00:00Z' },
      startedAt: '',
      durationMs: 0,
    };
    // As check() builds it: the header the config sets, and its value a secret.
    const [out] = new OutputRedaction(new Redactor({ secretHeaders: ['X-API-Key'], secrets: ['test'] })).log([x]);
    expect(out.requestHeaders['X-API-Key']).toBe(REDACTED);
    expect(out.responseBody).not.toContain('test');
    // The exchange the checks read is untouched.
    expect(x.json).toEqual({ latest_fulfillment_time: '2026-01-01T00:00:00Z' });
  });

  it('sends credentials only to the origins it is given, never to another one a profile names', async () => {
    const [trusted, elsewhere] = await Promise.all([echoServer(), echoServer()]);
    const c = client({ headers: { Authorization: 'Bearer very-secret-bearer' } });
    c.sendCredentialsTo([new URL(trusted.url).origin]);
    const there = await c.send({ operation: 't', method: 'GET', url: `${trusted.url}/a` });
    const away = await c.send({ operation: 't', method: 'GET', url: `${elsewhere.url}/a` });
    const bare = await c.send({ operation: 't', method: 'GET', url: `${trusted.url}/a`, omit: ['credentials'] });
    await c.close();
    trusted.close();
    elsewhere.close();
    expect(there.requestHeaders.Authorization).toBe('Bearer very-secret-bearer');
    expect((there.json as { auth?: string }).auth).toBe('Bearer very-secret-bearer');
    expect((away.json as { auth?: string }).auth).toBeUndefined();
    expect(away.requestHeaders.Authorization).toBeUndefined();
    expect((bare.json as { auth?: string }).auth).toBeUndefined();
  });

  it('sends a fresh UUID Request-Id on every request', async () => {
    const server = await echoServer();
    const c = client();
    const a = await c.send({ operation: 't', method: 'GET', url: server.url });
    const b = await c.send({ operation: 't', method: 'GET', url: server.url });
    await c.close();
    server.close();
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(a.requestHeaders['Request-Id']).toMatch(uuid);
    expect(a.requestHeaders['Request-Id']).not.toBe(b.requestHeaders['Request-Id']);
  });

  it('caps the response size and reports it as a transport error', async () => {
    const server = await echoServer((send) => send(`{"big":"${'x'.repeat(50_000)}"}`));
    const c = client({ maxResponseBytes: 1000 });
    const x = await c.send({ operation: 't', method: 'GET', url: server.url });
    await c.close();
    server.close();
    expect(x.transportError?.kind).toBe('too-large');
    expect(x.responseBody!.length).toBeLessThanOrEqual(1000);
  });

  it('times out a request that never answers', async () => {
    const server = await echoServer(() => {
      /* never answers */
    });
    const c = client({ timeoutMs: 300 });
    const x = await c.send({ operation: 't', method: 'GET', url: server.url });
    await c.close();
    server.close();
    expect(x.transportError?.kind).toBe('timeout');
    expect(x.durationMs).toBeLessThan(2000);
  });

  it('quotes curl arguments so a reproduction is safe to paste', () => {
    const line = curlFor({
      seq: 1,
      operation: 't',
      method: 'POST',
      url: 'http://127.0.0.1:1/a',
      requestHeaders: { 'X-A': "it's" },
      requestBody: `{"q":"'; rm -rf /"}`,
      startedAt: '',
      durationMs: 0,
    });
    expect(line).toBe(
      `curl -sS -i -X POST 'http://127.0.0.1:1/a' -H 'X-A: it'\\''s' --data-raw '{"q":"'\\''; rm -rf /"}'`,
    );
  });
});

describe('the userinfo of a URL', () => {
  it('is hidden wherever a URL carries one, and nothing else that holds an @ is', () => {
    const r = new Redactor();
    expect(r.text('see https://alice:pw@shop.example/x, http://token@h:8080 and HTTPS://A:B@H')).toBe(
      'see https://[REDACTED]@shop.example/x, http://[REDACTED]@h:8080 and HTTPS://[REDACTED]@H',
    );
    expect(r.text('mailto:a@b.example, https://shop.example/users/a@b, {"email":"a@b.example"}')).toBe(
      'mailto:a@b.example, https://shop.example/users/a@b, {"email":"a@b.example"}',
    );
  });
});
