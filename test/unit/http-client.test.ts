import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import {
  HttpClient,
  type HttpClientOptions,
  MAX_RETRIES,
  MAX_RETRY_WAIT_MS,
  retryWait,
} from '../../src/http/client.js';
import { decodeContent } from '../../src/http/content-coding.js';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import { NotConsented } from '../../src/errors.js';

/** A client and a business on 127.0.0.1 that answers with `handler`; `end` closes both. */
async function clientAndServer(handler: RequestListener, options: Partial<HttpClientOptions> = {}) {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
  const client = new HttpClient({
    dialect: PROTO_DIALECT,
    agentProfile: 'https://me.example/.well-known/proto',
    timeoutMs: 5000,
    maxResponseBytes: 1000,
    headers: {},
    ...options,
  });
  const end = async () => {
    await client.close();
    server.close();
  };
  return { client, url, end };
}

describe('retryWait (the one HTTP client backs off on 429 and 503)', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('waits the seconds Retry-After names, capped', () => {
    expect(retryWait(429, { 'retry-after': '2' }, 0, now)).toBe(2000);
    expect(retryWait(503, { 'retry-after': '0' }, 0, now)).toBe(0);
    expect(retryWait(429, { 'retry-after': '3600' }, 0, now)).toBe(MAX_RETRY_WAIT_MS);
  });

  it('waits until the HTTP date Retry-After names, capped', () => {
    expect(retryWait(429, { 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }, 0, now)).toBe(3000);
    expect(retryWait(503, { 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, 0, now)).toBe(0);
    expect(retryWait(429, { 'retry-after': 'Fri, 02 Jan 2026 00:00:00 GMT' }, 0, now)).toBe(MAX_RETRY_WAIT_MS);
  });

  it('retries a 429 or 503 without a usable Retry-After after a short wait', () => {
    expect(retryWait(429, {}, 0, now)).toBeGreaterThan(0);
    expect(retryWait(429, { 'retry-after': 'soon' }, 0, now)).toBeGreaterThan(0);
    expect(retryWait(503, {}, 0, now)).toBeGreaterThan(0);
  });

  it('retries nothing else, and a bounded number of times', () => {
    for (const status of [200, 400, 401, 404, 500, undefined])
      expect(retryWait(status, { 'retry-after': '1' }, 0, now)).toBeUndefined();
    expect(retryWait(429, { 'retry-after': '1' }, MAX_RETRIES - 1, now)).toBe(1000);
    expect(retryWait(429, { 'retry-after': '1' }, MAX_RETRIES, now)).toBeUndefined();
  });
});

describe('decodeContent (a coded body is judged decoded)', () => {
  const body = Buffer.from('{"proto":{"version":"2026-04-08"}}');

  it('decodes gzip, deflate and br, and leaves an uncoded body as it came', () => {
    expect(decodeContent(gzipSync(body), 'gzip', 1000)).toEqual({ body });
    expect(decodeContent(deflateSync(body), 'deflate', 1000)).toEqual({ body });
    expect(decodeContent(brotliCompressSync(body), 'br', 1000)).toEqual({ body });
    expect(decodeContent(body, undefined, 1000)).toEqual({ body });
    expect(decodeContent(body, 'identity', 1000)).toEqual({ body });
  });

  it('says why it cannot decode, and keeps the size cap', () => {
    expect(decodeContent(body, 'zstd', 1000)).toEqual({ problem: expect.stringMatching(/zstd is not one/) });
    expect(decodeContent(body, 'gzip', 1000)).toEqual({ problem: expect.stringMatching(/cannot be decoded/) });
    expect(decodeContent(gzipSync(Buffer.alloc(5000)), 'gzip', 1000)).toEqual(
      expect.objectContaining({ tooLarge: true }),
    );
  });
});

describe('a 429 holds its whole origin', () => {
  it('keeps the other requests to that origin back for the wait it asked, not only the refused one', async () => {
    const arrivals: number[] = [];
    let first = true;
    const {
      client: c,
      url,
      end,
    } = await clientAndServer((_req, res) => {
      arrivals.push(performance.now());
      if (first) {
        first = false;
        res.writeHead(429, { 'Retry-After': '1' }).end();
      } else res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
    try {
      const start = performance.now();
      const refused = c.send({ operation: 'a', method: 'GET', url });
      // The 429 must have reached the client first: under load, connecting alone can take 100 ms.
      while (arrivals.length === 0) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 150));
      // Sent while the origin is held: it waits with the refused one.
      const other = await c.send({ operation: 'b', method: 'GET', url });
      expect(other.status).toBe(200);
      expect((await refused).status).toBe(200);
      expect(arrivals).toHaveLength(3);
      expect(arrivals[1] - start).toBeGreaterThanOrEqual(990);
      expect(arrivals[2] - start).toBeGreaterThanOrEqual(990);
    } finally {
      await end();
    }
  });
});

describe('--rate-limit paces the requests to an origin', () => {
  it('keeps 1/rate s between the requests as sent, however late other work lets one go', async () => {
    const {
      client: c,
      url,
      end,
    } = await clientAndServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'), {
      ratePerOrigin: 10,
    });
    try {
      // After a pause the first of two takes its turn at once; 60 ms of another scenario's work, queued
      // with it, runs at some step between its turn and its going out: the second still waits 1/rate s
      // from when the first went out. Before 2026-11-28 the gap could shrink to 40 ms.
      for (let depth = 0; depth < 12; depth++) {
        await new Promise((r) => setTimeout(r, 120));
        const first = c.send({ operation: `a${depth}`, method: 'GET', url });
        let step: Promise<unknown> = Promise.resolve();
        for (let i = 0; i < depth; i++) step = step.then(() => undefined);
        void step.then(() => {
          const until = performance.now() + 60;
          while (performance.now() < until);
        });
        const second = c.send({ operation: `b${depth}`, method: 'GET', url });
        await Promise.all([first, second]);
      }
      const starts = c.exchanges.map((x) => Date.parse(x.startedAt));
      const gaps = starts.slice(1).map((t, i) => t - starts[i]);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(99);
    } finally {
      await end();
    }
  });
});

describe('consent (nothing irreversible without --allow irreversible)', () => {
  it('refuses a complete, sent or resent, unless the run allows irreversible; the business hears nothing of it', async () => {
    const heard: string[] = [];
    const answer: RequestListener = (req, res) => {
      heard.push(req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    };
    const complete = (url: string) => ({ operation: 'checkout.complete', method: 'POST', url, body: {} });
    for (const allow of [undefined, 'read', 'write'] as const) {
      const { client, url, end } = await clientAndServer(answer, allow ? { allow } : {});
      await expect(client.send(complete(url))).rejects.toThrow(
        new NotConsented('needs --allow irreversible: checkout.complete could complete what it names'),
      );
      await expect(client.send({ ...complete(url), operation: 'booking.complete' })).rejects.toBeInstanceOf(
        NotConsented,
      );
      // An update goes, and so does its replay.
      const update = await client.send({ ...complete(url), operation: 'checkout.update' });
      await client.resend(update);
      await end();
    }
    expect(heard).toHaveLength(6);
    const { client, url, end } = await clientAndServer(answer, { allow: 'irreversible' });
    const sent = await client.send(complete(url));
    expect(sent.status).toBe(200);
    expect((await client.resend(sent)).status).toBe(200);
    await end();
    expect(heard).toHaveLength(8);
  });
});
