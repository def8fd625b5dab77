import { createHash } from 'node:crypto';
import { isObject } from '../dialect/dialect.js';
import { canonicalJson } from './canonical.js';

/** Members that make a JWK private (RFC 7517/7518); Document 1 forbids them in profiles. */
export const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/**
 * A table looked up by what a business publishes: no inherited members, so a `crv` or `kty` of
 * "toString" or "constructor" names nothing rather than a function.
 */
export const table = <T>(entries: Record<string, T>): Record<string, T> =>
  Object.assign(Object.create(null) as Record<string, T>, entries);

/** The algorithm each well-known curve must be paired with. */
export const CURVE_ALG = table({ 'P-256': 'ES256', 'P-384': 'ES384', Ed25519: 'EdDSA' });

/** Members each well-known key type requires; other types are tolerated as they are. */
const REQUIRED_BY_KTY = table({ EC: ['crv', 'x', 'y'], OKP: ['crv', 'x'] });

const label = (key: unknown, i: number) =>
  `keys[${i}]${isObject(key) && typeof key.kid === 'string' ? ` (kid ${key.kid})` : ''}`;

export function privateMemberProblems(keys: unknown[]): string[] {
  return keys.flatMap((key, i) =>
    isObject(key)
      ? PRIVATE_MEMBERS.filter((m) => m in key).map((m) => `${label(key, i)} carries private member "${m}"`)
      : [],
  );
}

export function algCurveProblems(keys: unknown[]): string[] {
  return keys.flatMap((key, i) => {
    if (!isObject(key) || key.alg === undefined || typeof key.crv !== 'string') return [];
    const want = CURVE_ALG[key.crv];
    return want && key.alg !== want
      ? [`${label(key, i)}: crv ${key.crv} needs alg ${want}, got ${JSON.stringify(key.alg)}`]
      : [];
  });
}

export function requiredMemberProblems(keys: unknown[]): string[] {
  return keys.flatMap((key, i) => {
    if (!isObject(key)) return [`${label(key, i)} is not an object`];
    const missing = ['kid', 'kty'].filter((m) => typeof key[m] !== 'string');
    const byType = typeof key.kty === 'string' ? (REQUIRED_BY_KTY[key.kty] ?? []) : [];
    missing.push(...byType.filter((m) => typeof key[m] !== 'string'));
    return missing.length ? [`${label(key, i)} lacks ${missing.join(', ')}`] : [];
  });
}

/** The members RFC 7638 hashes, per key type. */
const THUMBPRINT_MEMBERS = table({ EC: ['crv', 'kty', 'x', 'y'], OKP: ['crv', 'kty', 'x'], RSA: ['e', 'kty', 'n'] });

/** The JWK SHA-256 thumbprint (RFC 7638), base64url; undefined for a key type it does not define. */
export function thumbprint(key: Record<string, unknown>): string | undefined {
  const members = typeof key.kty === 'string' ? THUMBPRINT_MEMBERS[key.kty] : undefined;
  if (!members || members.some((m) => typeof key[m] !== 'string')) return undefined;
  const required = Object.fromEntries(members.map((m) => [m, key[m]]));
  return createHash('sha256').update(canonicalJson(required)).digest('base64url');
}
