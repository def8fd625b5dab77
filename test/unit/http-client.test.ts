import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { HttpClient, type HttpClientOptions, MAX_RETRIES, retryWait } from '../../src/http/client.js';
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

  it('waits the seconds Retry-After names, however many: the run weighs them against its deadline', () => {
    expect(retryWait(429, { 'retry-after': '2' }, now)).toBe(2000);
    expect(retryWait(503, { 'retry-after': '0' }, now)).toBe(0);
    expect(retryWait(429, { 'retry-after': '3600' }, now)).toBe(3_600_000);
  });

  it('waits until the HTTP date Retry-After names', () => {
    expect(retryWait(429, { 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }, now)).toBe(3000);
    expect(retryWait(503, { 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, now)).toBe(0);
    expect(retryWait(429, { 'retry-after': 'Fri, 02 Jan 2026 00:00:00 GMT' }, now)).toBe(86_400_000);
  });

  it('retries a 429 or 503 without a usable Retry-After after a short wait', () => {
    expect(retryWait(429, {}, now)).toBeGreaterThan(0);
    expect(retryWait(429, { 'retry-after': 'soon' }, now)).toBeGreaterThan(0);
    expect(retryWait(503, {}, now)).toBeGreaterThan(0);
  });

  it('retries nothing else', () => {
    for (const status of [200, 400, 401, 404, 500, undefined])
      expect(retryWait(status, { 'retry-after': '1' }, now)).toBeUndefined();
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

describe('waits the business asks for, and timeouts', () => {
  const limited: RequestListener = (_req, res) =>
    res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '0' }).end('{"code":"rate_limited"}');

  it('retries a 429 at most MAX_RETRIES times, then answers with it', async () => {
    const { client, url, end } = await clientAndServer(limited);
    const x = await client.send({ operation: 'cart.get', method: 'GET', url });
    await end();
    expect(x.status).toBe(429);
    expect(x.retried).toHaveLength(MAX_RETRIES);
    expect(client.paceNotices()).toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+ limits the run's pace: 1 time\(s\) it asked to wait/),
    ]);
  });

  it('begins no wait longer than the run has left, and names the --rate-limit the answers imply', async () => {
    let n = 0;
    const { client, url, end } = await clientAndServer(
      (_req, res) => {
        n += 1;
        if (n <= 4) res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
        else res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '60' }).end('{}');
      },
      { stop: { halt: new AbortController().signal, grace: new AbortController().signal, remainingMs: 30_000 } },
    );
    for (let i = 0; i < 4; i++) await client.send({ operation: 'cart.get', method: 'GET', url });
    const x = await client.send({ operation: 'cart.get', method: 'GET', url });
    await end();
    // Answered as the business answered, nothing waited nor retried.
    expect([x.status, x.retried]).toEqual([429, undefined]);
    // Four answers, then a minute asked: about four a minute.
    expect(client.paceNotices()).toEqual([
      expect.stringMatching(/up to 60 s\).*: run with --rate-limit 0\.066, and a --deadline long enough for it$/),
    ]);
  });

  it('tries a read that timed out once more, a write never', async () => {
    let n = 0;
    const { client, url, end } = await clientAndServer(
      (_req, res) => {
        n += 1;
        // The first of each pair hangs past the timeout.
        if (n % 2 === 1) setTimeout(() => res.writeHead(200).end('{}'), 600);
        else res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      },
      { timeoutMs: 300, connectionsPerOrigin: 4 },
    );
    const read = await client.send({ operation: 'catalog.search', method: 'POST', url, body: {} });
    const write = await client.send({ operation: 'cart.create', method: 'POST', url, body: {} });
    await end();
    expect([read.status, read.retried?.map((a) => a.timedOut)]).toEqual([200, [true]]);
    expect([write.status, write.transportError?.kind, write.retried]).toEqual([undefined, 'timeout', undefined]);
    expect(client.paceNotices()).toEqual([
      expect.stringMatching(
        /answered slowly, so the run slowed itself down: at times it sent \d request\(s\) at once, of the 4 allowed; 2 request\(s\) timed out/,
      ),
    ]);
  });
});
