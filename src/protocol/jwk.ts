import { isObject } from '../dialect/dialect.js';

/** Members that make a JWK private (RFC 7517/7518); Document 1 forbids them in profiles. */
export const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** The algorithm each well-known curve must be paired with. */
export const CURVE_ALG: Record<string, string> = { 'P-256': 'ES256', 'P-384': 'ES384', Ed25519: 'EdDSA' };

/** Members each well-known key type requires; other types are tolerated as they are. */
const REQUIRED_BY_KTY: Record<string, string[]> = { EC: ['crv', 'x', 'y'], OKP: ['crv', 'x'] };

const label = (key: unknown, i: number) => `keys[${i}]${isObject(key) && typeof key.kid === 'string' ? ` (kid ${key.kid})` : ''}`;

export function privateMemberProblems(keys: unknown[]): string[] {
  return keys.flatMap((key, i) =>
    isObject(key) ? PRIVATE_MEMBERS.filter((m) => m in key).map((m) => `${label(key, i)} carries private member "${m}"`) : []);
}

export function algCurveProblems(keys: unknown[]): string[] {
  return keys.flatMap((key, i) => {
    if (!isObject(key) || key.alg === undefined || typeof key.crv !== 'string') return [];
    const want = CURVE_ALG[key.crv];
    return want && key.alg !== want ? [`${label(key, i)}: crv ${key.crv} needs alg ${want}, got ${JSON.stringify(key.alg)}`] : [];
  });
}

export function requiredMemberProblems(keys: unknown[]): string[] {
  return keys.flatMap((key, i) => {
    if (!isObject(key)) return [`${label(key, i)} is not an object`];
    const missing = ['kid', 'kty'].filter((m) => typeof key[m] !== 'string');
    const byType = typeof key.kty === 'string' ? REQUIRED_BY_KTY[key.kty] ?? [] : [];
    missing.push(...byType.filter((m) => typeof key[m] !== 'string'));
    return missing.length ? [`${label(key, i)} lacks ${missing.join(', ')}`] : [];
  });
}
