import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dialect } from '../dialect/dialect.js';

/**
 * The platform profile this checker hosts for a business on loopback (Document 1 §Profile
 * document: the platform profile, advertised through Proto-Agent), and three deliberately broken
 * ones, each at its own `…/.well-known/proto`: one whose fetch fails (424), one that is not a
 * profile (422), one with keys of a type and of a curve nobody knows and a member nobody knows on every key (which
 * must be tolerated, PROF-010).
 * It records which of them the business fetched.
 */
export interface PlatformProfiles {
  /** The good profile's URL: what Proto-Agent names. */
  url: string;
  /**
   * A broken profile's URL for one probe (`label` names it, an operation say): each probe names a
   * URL of its own, so a fetch is told apart from one made for another request, or a cache.
   */
  urlFor(kind: BrokenProfile, label?: string): string;
  /** How many times the business fetched this URL (the good profile's, or one urlFor gave). */
  fetchesOf(url: string): number;
  /** Every URL of these profiles the business fetched, with how many times: what a regrade decides by. */
  fetched(): Record<string, number>;
  close(): Promise<void>;
}

/** The URL of a broken profile for one probe, under the profiles' base (`http://127.0.0.1:PORT`). */
const brokenUrl = (base: string, path: string, kind: BrokenProfile, label?: string) =>
  `${base}/${kind}${label ? `/${encodeURIComponent(label)}` : ''}${path}`;

/**
 * The platform profiles a recorded run hosted, as the run saw them: the same URLs, and the fetches
 * the business made then. A regrade decides with them as the run did, and serves nothing.
 */
export function recordedPlatformProfiles(
  dialect: Dialect,
  recorded: { url: string; fetched: Record<string, number> },
): PlatformProfiles {
  const base = recorded.url.slice(0, recorded.url.length - dialect.wellKnownPath.length);
  return {
    url: recorded.url,
    urlFor: (kind, label) => brokenUrl(base, dialect.wellKnownPath, kind, label),
    fetchesOf: (url) => recorded.fetched[url] ?? 0,
    fetched: () => ({ ...recorded.fetched }),
    close: async () => undefined,
  };
}

export type BrokenProfile = 'unreachable' | 'malformed' | 'unknown-key-type' | 'key-without-alg';

/** The platform profile document: version and empty registries, and the signing keys, if any. */
export function platformProfileDocument(
  dialect: Dialect,
  version: string,
  keys: readonly Record<string, unknown>[] = [],
): Record<string, unknown> {
  return {
    [dialect.envelopeKey]: { version, services: {}, capabilities: {}, payment_handlers: {} },
    ...(keys.length ? { keys: [...keys] } : {}),
  };
}

/**
 * Keys no verifier knows, of an unknown type and of a well-known type on an unknown curve, and a member no verifier
 * knows on every key: a profile carrying them must still be accepted, and its known keys still used (Document 1
 * §Public JWK: "Unknown members are allowed and ignored by consumers"; verifiers "MUST tolerate unrecognised key
 * types, curves and algorithms").
 */
const UNKNOWN_KEYS = [
  { kid: 'proto-conformance-future-key', kty: 'FUTURE-PQ', alg: 'FUTURE-ALG', pub: 'AAEC' },
  {
    kid: 'proto-conformance-future-curve',
    kty: 'EC',
    crv: 'brainpoolP256r1',
    x: 'qZLxJbTPJm6Ej1v9SCf9cCl6Y4J8CX0K1rpgnk1xB1g',
    y: 'IaC4f0n8u0rK8v1QWf1JdXQ2o3cJbJ7m8lZ3m7n0a4E',
  },
];
/** A member no consumer knows, added to every key of the unknown-key-type profile. */
const UNKNOWN_MEMBER = { x_proto_conformance_note: 'an unknown member consumers ignore' };

export async function startPlatformProfiles(
  dialect: Dialect,
  document: Record<string, unknown>,
): Promise<PlatformProfiles> {
  const path = dialect.wellKnownPath;
  const bodies: Record<string, { status: number; body: string }> = {
    good: { status: 200, body: JSON.stringify(document) },
    unreachable: { status: 503, body: '{"code":"unavailable","content":"this profile cannot be fetched, on purpose"}' },
    malformed: { status: 200, body: JSON.stringify({ name: 'not a profile', keys: 'not an array' }) },
    'unknown-key-type': {
      status: 200,
      body: JSON.stringify({
        ...document,
        keys: [...(Array.isArray(document.keys) ? document.keys : []), ...UNKNOWN_KEYS].map((k) => ({
          ...k,
          ...UNKNOWN_MEMBER,
        })),
      }),
    },
  };
  // The run's own keys with no alg: a verifier derives it from crv (Document 1 §Public JWK).
  bodies['key-without-alg'] = {
    status: 200,
    body: JSON.stringify({
      ...document,
      ...(Array.isArray(document.keys)
        ? { keys: document.keys.map(({ alg: _alg, ...key }: Record<string, unknown>) => key) }
        : {}),
    }),
  };
  const byUrl = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    // A broken profile lives at /KIND/.well-known/proto, or at /KIND/LABEL/.well-known/proto for one probe.
    const [named, label, ...rest] = url.endsWith(path) ? url.slice(0, -path.length).split('/').slice(1) : [];
    const kind =
      url === path
        ? 'good'
        : rest.length === 0 && label !== ''
          ? Object.keys(bodies).find((k) => k === named)
          : undefined;
    if (!kind) {
      res
        .writeHead(404, { 'Content-Type': 'application/json' })
        .end('{"code":"not_found","content":"no such profile"}');
      return;
    }
    byUrl.set(url, (byUrl.get(url) ?? 0) + 1);
    res.writeHead(bodies[kind].status, { 'Content-Type': 'application/json' }).end(bodies[kind].body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}${path}`,
    urlFor: (kind, label) => brokenUrl(base, path, kind, label),
    fetchesOf: (url) => (url.startsWith(base) ? (byUrl.get(url.slice(base.length)) ?? 0) : 0),
    fetched: () => Object.fromEntries([...byUrl].map(([path, n]) => [`${base}${path}`, n])),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
