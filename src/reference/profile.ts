import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { wireName, type Dialect } from '../dialect/dialect.js';
import type { FaultSet } from './faults.js';

export const PROTOCOL_VERSION = '2026-04-08';
export const PAYMENT_HANDLER = 'dev.proto_conformance.test_card';
export const PAYMENT_HANDLER_ID = 'test-card';

/** Capabilities the reference business implements, dialect-free. */
export const REFERENCE_CAPABILITIES = [
  'shopping.catalog.search', 'shopping.catalog.lookup', 'shopping.cart', 'shopping.checkout', 'shopping.order',
] as const;

/** Where each service lives under the reference business's base URL. */
export const servicePath = (service: string) => `/${service}`;

/** The business's signing keys: generated at start, published without private members. */
export interface ReferenceKeys {
  /** P-256 public JWK, and its private `d` for the fault that leaks it. */
  ec: Record<string, unknown>;
  ecPrivateD: string;
  okp: Record<string, unknown>;
}

export async function generateKeys(): Promise<ReferenceKeys> {
  const ec = await generateKeyPair('ES256', { extractable: true });
  const okp = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const ecPublic = await exportJWK(ec.publicKey);
  const ecPrivate = await exportJWK(ec.privateKey);
  const okpPublic = await exportJWK(okp.publicKey);
  return {
    ec: { kid: await calculateJwkThumbprint(ecPublic), alg: 'ES256', use: 'sig', ...ecPublic },
    ecPrivateD: ecPrivate.d as string,
    okp: { kid: await calculateJwkThumbprint(okpPublic), alg: 'EdDSA', use: 'sig', ...okpPublic },
  };
}

/** A key type no verifier knows: verifiers must tolerate it (Document 1 §Public JWK). */
const FUTURE_KEY = { kid: 'ref-future', kty: 'FUTURE-PQ', alg: 'FUTURE-ALG', pub: 'AAEC' };

export function paymentHandlerEntry(): Record<string, unknown> {
  return { id: PAYMENT_HANDLER_ID, version: PROTOCOL_VERSION, available_instruments: [{ type: 'card' }], config: { test_mode: true } };
}

export function buildProfile(base: string, dialect: Dialect, faults: FaultSet, keys: ReferenceKeys): Record<string, unknown> {
  const entryVersion = faults.has('profile-entry-version-format') ? '1.0' : PROTOCOL_VERSION;
  const restEntry: Record<string, unknown> = {
    version: PROTOCOL_VERSION,
    transport: 'rest',
    endpoint: `${base}${servicePath('shopping')}`,
  };
  if (faults.has('profile-no-endpoint')) delete restEntry.endpoint;
  const capabilityEntry = (c: string) => ({ version: entryVersion, spec: `https://spec.example/${c}` });
  const handlerEntry = paymentHandlerEntry();
  const ecKey: Record<string, unknown> = { ...keys.ec };
  if (faults.has('jwk-private-member')) ecKey.d = keys.ecPrivateD;
  if (faults.has('jwk-alg-curve-mismatch')) ecKey.alg = 'ES384';
  if (faults.has('jwk-ec-missing-y')) delete ecKey.y;

  return {
    [dialect.envelopeKey]: {
      version: faults.has('profile-version-format') ? 'v1' : PROTOCOL_VERSION,
      services: {
        [wireName(dialect, 'shopping')]: faults.has('profile-services-not-array') ? restEntry : [restEntry],
      },
      capabilities: Object.fromEntries(REFERENCE_CAPABILITIES.map((c) => [
        wireName(dialect, c),
        faults.has('profile-capabilities-not-array') ? capabilityEntry(c) : [capabilityEntry(c)],
      ])),
      payment_handlers: {
        [PAYMENT_HANDLER]: faults.has('profile-handlers-not-array') ? handlerEntry : [handlerEntry],
      },
    },
    keys: [ecKey, keys.okp, FUTURE_KEY],
  };
}
