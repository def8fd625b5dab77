import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';

/** The business's signing keys: generated at start, published without private members. */
export interface ReferenceKeys {
  /** P-256 public JWK, and its private `d` for the fault that leaks it. */
  ec: Record<string, unknown>;
  ecPrivateD: string;
  okp: Record<string, unknown>;
  /** A P-521 key (ES512), published and used only under responses-also-signed-es512. */
  p521: Record<string, unknown>;
  /** The private JWKs responses are signed with; never published. */
  signing: { ec: Record<string, unknown>; okp: Record<string, unknown>; p521: Record<string, unknown> };
}

/** Which of the business's keys. */
export type KeyName = 'ec' | 'okp' | 'p521';

/**
 * The keys, with `kid`s that are RFC 7638 thumbprints (Document 1 §Public JWK: dual-audience keys), or what `kidOf`
 * makes of a key's thumbprint.
 */
export async function generateKeys(
  kidOf: (key: KeyName, thumbprint: string) => string = (_key, thumbprint) => thumbprint,
): Promise<ReferenceKeys> {
  const ec = await generateKeyPair('ES256', { extractable: true });
  const okp = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const p521 = await generateKeyPair('ES512', { extractable: true });
  const ecPublic = await exportJWK(ec.publicKey);
  const ecPrivate = await exportJWK(ec.privateKey);
  const okpPublic = await exportJWK(okp.publicKey);
  const okpPrivate = await exportJWK(okp.privateKey);
  const p521Public = await exportJWK(p521.publicKey);
  const p521Private = await exportJWK(p521.privateKey);
  const ecKid = kidOf('ec', await calculateJwkThumbprint(ecPublic));
  const okpKid = kidOf('okp', await calculateJwkThumbprint(okpPublic));
  const p521Kid = kidOf('p521', await calculateJwkThumbprint(p521Public));
  return {
    ec: { kid: ecKid, alg: 'ES256', use: 'sig', ...ecPublic },
    ecPrivateD: ecPrivate.d as string,
    okp: { kid: okpKid, alg: 'EdDSA', use: 'sig', ...okpPublic },
    p521: { kid: p521Kid, alg: 'ES512', use: 'sig', ...p521Public },
    signing: {
      ec: { kid: ecKid, alg: 'ES256', ...ecPrivate },
      okp: { kid: okpKid, alg: 'EdDSA', ...okpPrivate },
      p521: { kid: p521Kid, alg: 'ES512', ...p521Private },
    },
  };
}
