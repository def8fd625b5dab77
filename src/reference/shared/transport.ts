import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { createSecureServer as createHttp2Server, type Http2SecureServer, type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Assembly, StoredResponse } from './layer-hooks.js';

/** The largest request body read; a larger one is refused with 413. */
export const MAX_BODY = 1024 * 1024;

/** A request's body, or undefined when it is over MAX_BODY. */
export function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) over = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(over ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Writes a response: with Content-Length, or in two chunks without it; gzip-coded where the assembly says so and the
 * request does not refuse it (RFC 9110 §12.5.3: no Accept-Encoding accepts any coding).
 */
export function writeResponse(
  res: ServerResponse,
  { status, text, type, headers = {} }: StoredResponse,
  { chunked, gzip }: Pick<Assembly, 'chunked' | 'gzip'>,
  req?: IncomingMessage,
): void {
  const accepts = req?.headers['accept-encoding'];
  const coded = gzip && (accepts === undefined || /\bgzip\b/i.test(accepts));
  const body: Buffer = coded ? gzipSync(text) : Buffer.from(text);
  const head = { 'Content-Type': type, ...(coded ? { 'Content-Encoding': 'gzip' } : {}), ...headers };
  if (chunked) {
    res.writeHead(status, head);
    const half = Math.floor(body.length / 2);
    res.write(body.subarray(0, half));
    res.end(body.subarray(half));
    return;
  }
  res.writeHead(status, { ...head, 'Content-Length': body.length });
  res.end(body);
}

/** A JSON body as written, for the answers the shared layer gives before any envelope (413, 405, 500). */
export const plainJson = (status: number, body: unknown): StoredResponse => ({
  status,
  text: JSON.stringify(body),
  type: 'application/json',
});

/** Counts requests: each call records one and says how many arrived in the last `windowMs`, itself included. */
export function requestCounter(windowMs = 1000): () => number {
  const times: number[] = [];
  return () => {
    const now = performance.now();
    times.push(now);
    while (times.length && times[0] <= now - windowMs) times.shift();
    return times.length;
  };
}

/** Counts identical requests (by `key`) in the last `windowMs`, the one just made included. */
export function repeatCounter(windowMs = 1000): (key: string) => number {
  const times = new Map<string, number[]>();
  return (key) => {
    const now = performance.now();
    const kept = (times.get(key) ?? []).filter((t) => t > now - windowMs);
    kept.push(now);
    times.set(key, kept);
    // Keys not seen within the window are dropped now and then, so the map stays small.
    if (times.size > 1000) for (const [k, v] of times) if (v[v.length - 1] <= now - windowMs) times.delete(k);
    return kept.length;
  };
}

/**
 * The answer of a business limiting its rate: beyond `perSecond` requests in the last second, 429
 * with Retry-After (Document 1 §Errors: "429 | Rate limited"; §Limits leaves the values open).
 */
export function rateLimited(recent: number, perSecond: number): StoredResponse | undefined {
  if (recent <= perSecond) return undefined;
  return {
    ...plainJson(429, { code: 'rate_limited', content: `over ${perSecond} requests a second` }),
    headers: { 'Retry-After': '1' },
  };
}

/**
 * Conditions of the field a business may be run under: distance, one request at a time, rate
 * limits. None changes what it answers to a request it serves.
 */
export interface FieldConditions {
  /** Added before every answer, in milliseconds. */
  latencyMs?: number;
  /** Up to this many milliseconds more, at random. */
  jitterMs?: number;
  /** Requests a second answered before 429. */
  rateLimit?: number;
  /** One request at a time: each waits for the one before it to be answered (a single worker). */
  serial?: boolean;
  /**
   * At most `count` creates (cart, checkout or booking session) in `windowMs`; a create beyond
   * gets 429 asking to wait the whole window, and restarts it: only a platform that waits what it
   * is asked gets through.
   */
  createLimit?: { count: number; windowMs: number };
}

/** Runs work one at a time, in the order asked: a business with a single worker. */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const mine = last.then(work, work);
    last = mine.catch(() => undefined);
    return mine;
  };
}

/**
 * A limit on creates as `createLimit` says: each call is a create arriving, answered undefined
 * while the window has room, else the 429 that asks to wait the window out.
 */
export function createLimiter(limit: { count: number; windowMs: number }): () => StoredResponse | undefined {
  let windowStart = Number.NEGATIVE_INFINITY;
  let used = 0;
  return () => {
    const now = performance.now();
    if (now - windowStart >= limit.windowMs) {
      windowStart = now;
      used = 0;
    }
    if (used < limit.count) {
      used += 1;
      return undefined;
    }
    // Too early: the wait starts again from this refusal.
    windowStart = now;
    used = limit.count;
    const seconds = Math.ceil(limit.windowMs / 1000);
    return {
      ...plainJson(429, { code: 'rate_limited', content: `at most ${limit.count} creates in ${seconds} s` }),
      headers: { 'Retry-After': String(seconds) },
    };
  };
}

/** Waits as long as the field conditions say a request takes to cross. */
export function crossing(field: FieldConditions | undefined): Promise<void> | undefined {
  const ms = (field?.latencyMs ?? 0) + Math.random() * (field?.jitterMs ?? 0);
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : undefined;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A listening server, and how to drop every connection it holds. */
interface Listening {
  server: Server | Http2SecureServer;
  closeAll(): void;
}

/** The business's listeners on 127.0.0.1: HTTP, or HTTPS as the assembly says, and how to close them. */
export function listeners(
  assembly: Assembly,
  tls: { cert: string; key: string } | undefined,
  clientCa: () => string,
): {
  scheme: 'http' | 'https';
  listen(handler: Handler, port: number, plain?: boolean): Promise<string>;
  close(): Promise<void>;
} {
  const servers: Listening[] = [];
  // Client certificates are asked for, and judged per request (401), not at the handshake.
  const clientAuth = assembly.clientCertificates
    ? { requestCert: true, rejectUnauthorized: false, ca: clientCa() }
    : {};
  const make = (handler: Handler, plain: boolean): Listening => {
    if (tls && assembly.http2 && !plain) {
      const options = { ...tls, ...clientAuth, minVersion: assembly.minTls, allowHTTP1: false };
      // The compatibility API hands the handler a request and response it reads and writes as HTTP/1.1's.
      const server = createHttp2Server(options, handler as unknown as Parameters<typeof createHttp2Server>[1]);
      const sessions = new Set<Http2Session>();
      server.on('session', (s: Http2Session) => {
        sessions.add(s);
        s.once('close', () => sessions.delete(s));
      });
      return {
        server,
        closeAll: () => {
          for (const s of sessions) s.destroy();
        },
      };
    }
    const server =
      tls && !plain
        ? createTlsServer({ ...tls, ...clientAuth, minVersion: assembly.minTls }, handler)
        : createServer(handler);
    return { server, closeAll: () => server.closeAllConnections() };
  };
  const scheme = tls ? 'https' : 'http';
  return {
    scheme,
    async listen(handler, port, plain = false) {
      const listening = make(handler, plain);
      servers.push(listening);
      const { server } = listening;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      return `${plain ? 'http' : scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      Promise.all(
        servers.map(
          ({ server, closeAll }) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              closeAll();
            }),
        ),
      ).then(() => undefined),
  };
}
