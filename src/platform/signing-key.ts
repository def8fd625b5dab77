import { generateKeyPairSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { UsageError } from '../errors.js';
import { thumbprint } from '../protocol/jwk.js';
import { algorithmOf } from '../protocol/signatures.js';

/** A platform signing key: the private JWK (kid = RFC 7638 thumbprint) and what is published. */
export interface SigningKey {
  private: Record<string, unknown>;
  public: Record<string, unknown>;
}

const PRIVATE = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

function fromPrivate(jwk: Record<string, unknown>): SigningKey {
  const pub = Object.fromEntries(Object.entries(jwk).filter(([k]) => !PRIVATE.includes(k)));
  return { private: jwk, public: pub };
}

/** A fresh key: Ed25519 (recommended for bot-authentication interoperability) or P-256. */
export function generateSigningKey(curve: 'Ed25519' | 'P-256' = 'Ed25519'): SigningKey {
  const pair =
    curve === 'Ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = pair.privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  const alg = curve === 'Ed25519' ? 'EdDSA' : 'ES256';
  const withKid = { ...jwk, kid: thumbprint(jwk), alg, use: 'sig' };
  return fromPrivate(withKid);
}

/** Reads a private JWK written by `keygen` (or any Ed25519, P-256 or P-384 private JWK with a kid). */
export async function loadSigningKey(file: string, label = '--signing-key'): Promise<SigningKey> {
  let jwk: unknown;
  try {
    jwk = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`${label} ${file}: cannot read a JSON key (${(err as Error).message.split('\n')[0]})`);
  }
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk))
    throw new UsageError(`${label} ${file}: not a JWK object`);
  const key = jwk as Record<string, unknown>;
  if (typeof key.d !== 'string') throw new UsageError(`${label} ${file}: not a private key (no "d")`);
  if (typeof key.kid !== 'string') throw new UsageError(`${label} ${file}: the key has no kid`);
  if (!algorithmOf(key)) throw new UsageError(`${label} ${file}: only Ed25519, P-256 and P-384 keys can sign`);
  return fromPrivate(key);
}
