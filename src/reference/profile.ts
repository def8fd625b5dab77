import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { logicalName, wireName, type Dialect } from '../dialect/dialect.js';
import type { FaultSet } from './switches.js';
import type { ServiceModule } from './shared/module.js';
import type { VariationSet } from './switches.js';

import { PROTOCOL_VERSION } from '../protocol/version.js';

export { PROTOCOL_VERSION };

/** The version this business states everywhere: a date, or draft (profile-draft-version). */
export const protocolVersion = (variations: VariationSet) =>
  variations.has('profile-draft-version') ? 'draft' : PROTOCOL_VERSION;
/** An older version the cart capability stays at under capability-versions-differ. */
export const OLDER_CART_VERSION = '2025-10-15';

/** Under versions-by-layer, the versions of the service entries and of the capability entries. */
export const LAYER_VERSIONS = { service: '2026-03-02', capability: '2026-02-03' } as const;
/** Under response-version-of-lodging, the version only the lodging capabilities are advertised at. */
export const LODGING_ONLY_VERSION = '2026-01-20';

/** The version a service entry states. */
export const serviceVersion = (variations: VariationSet) =>
  variations.has('versions-by-layer') ? LAYER_VERSIONS.service : protocolVersion(variations);

/** The version a capability is advertised and echoed at: capabilities are adopted independently. */
export const capabilityVersion = (capability: string, variations: VariationSet, faults?: FaultSet) =>
  capability === 'shopping.cart' && variations.has('capability-versions-differ')
    ? OLDER_CART_VERSION
    : capability.startsWith('lodging.') && faults?.has('response-version-of-lodging')
      ? LODGING_ONLY_VERSION
      : variations.has('versions-by-layer')
        ? LAYER_VERSIONS.capability
        : protocolVersion(variations);

/**
 * The proto.version a service's responses state. Under versions-by-layer each service states a
 * version of another layer of the profile: shopping the profile's own, common its service entry's,
 * lodging its capabilities'.
 */
export function responseVersion(
  service: string,
  capability: string,
  variations: VariationSet,
  faults: FaultSet,
): string {
  if (faults.has('response-version-of-lodging') && service === 'shopping') return LODGING_ONLY_VERSION;
  if (!variations.has('versions-by-layer') || service === 'shopping') return protocolVersion(variations);
  return service === 'common' ? serviceVersion(variations) : capabilityVersion(capability, variations, faults);
}
export const PAYMENT_HANDLER = 'dev.proto_conformance.test_card';
export const PAYMENT_HANDLER_ID = 'test-card';

/** Where each service lives under the reference business's base URL. */
export const servicePath = (service: string) => `/${service}`;

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

/** The keys, with `kid`s that are RFC 7638 thumbprints, or (profile-kid-names) names of the business's own. */
export async function generateKeys(named = false): Promise<ReferenceKeys> {
  const ec = await generateKeyPair('ES256', { extractable: true });
  const okp = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const p521 = await generateKeyPair('ES512', { extractable: true });
  const ecPublic = await exportJWK(ec.publicKey);
  const ecPrivate = await exportJWK(ec.privateKey);
  const okpPublic = await exportJWK(okp.publicKey);
  const okpPrivate = await exportJWK(okp.privateKey);
  const p521Public = await exportJWK(p521.publicKey);
  const p521Private = await exportJWK(p521.privateKey);
  // Dual-audience keys: kid is the RFC 7638 thumbprint (Document 1 §Public JWK).
  const ecKid = named ? 'reference-ec-2026' : await calculateJwkThumbprint(ecPublic);
  const okpKid = named ? 'reference-okp-2026' : await calculateJwkThumbprint(okpPublic);
  const p521Kid = await calculateJwkThumbprint(p521Public);
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

/** A key type no verifier knows: verifiers must tolerate it (Document 1 §Public JWK). */
const FUTURE_KEY = { kid: 'ref-future', kty: 'FUTURE-PQ', alg: 'FUTURE-ALG', pub: 'AAEC' };

/** The envelope's payment handler registry: the one test handler, in an array (or, for a fault, alone). */
export function paymentHandlers(variations: VariationSet, lone = false): Record<string, unknown> {
  const entry = paymentHandlerEntry(protocolVersion(variations));
  return { [PAYMENT_HANDLER]: lone ? entry : [entry] };
}

export function paymentHandlerEntry(version = PROTOCOL_VERSION): Record<string, unknown> {
  return { id: PAYMENT_HANDLER_ID, version, available_instruments: [{ type: 'card' }], config: { test_mode: true } };
}

/**
 * Capabilities of other specs or vendors, which a checker must list as not covered (profile-extension-capabilities).
 */
const EXTENSION_CAPABILITIES = (dialect: Dialect) => [wireName(dialect, 'shopping.discount'), 'com.example.loyalty'];

export interface ProfileInputs {
  /** Where the profile is served. */
  base: string;
  /** Where the services are served (another origin with endpoint-other-origin). */
  servicesBase: string;
  dialect: Dialect;
  faults: FaultSet;
  variations: VariationSet;
  keys: ReferenceKeys;
  /** The service modules served: each gets a service entry, and its capabilities are advertised. */
  modules: readonly ServiceModule[];
}

export function buildProfile({
  servicesBase,
  dialect,
  faults,
  variations,
  keys,
  modules,
}: ProfileInputs): Record<string, unknown> {
  const version = protocolVersion(variations);
  const entryVersion = serviceVersion(variations);
  const extra = variations.has('profile-extra-members') ? { x_reference_note: 'an extra member consumers ignore' } : {};
  // Each module's service gets its own entry and endpoint; the entry variations and faults act on every one.
  const serviceEntries = (service: string) => {
    const restEntry: Record<string, unknown> = {
      version: faults.has('profile-service-version-format') ? '1.0' : entryVersion,
      transport: 'rest',
      endpoint: `${servicesBase}${servicePath(service)}${variations.has('endpoint-trailing-slash') ? '/' : ''}`,
      ...extra,
    };
    if (faults.has('profile-no-endpoint') && service === 'shopping') delete restEntry.endpoint;
    if (faults.has('profile-services-not-array')) return restEntry;
    return variations.has('profile-several-service-entries')
      ? [{ version: entryVersion, transport: 'mcp', endpoint: `${servicesBase}/mcp` }, restEntry]
      : [restEntry];
  };
  const capabilityEntry = (c: string) => ({
    version: faults.has('profile-entry-version-format')
      ? '1.0'
      : capabilityVersion(logicalName(dialect, c) ?? c, variations, faults),
    spec: `https://spec.example/${c}`,
    ...extra,
  });
  const capabilities = [
    ...modules.flatMap((m) => m.capabilities).map((c) => wireName(dialect, c)),
    ...(variations.has('profile-extension-capabilities') ? EXTENSION_CAPABILITIES(dialect) : []),
  ];
  const handlerEntry = paymentHandlerEntry(version);
  const ecKey: Record<string, unknown> = { ...keys.ec };
  const okpKey: Record<string, unknown> = { ...keys.okp };
  // Variations first, faults after: a fault is a defect on top of whatever the business chose.
  if (variations.has('profile-keys-without-alg'))
    for (const k of [ecKey, okpKey]) {
      delete k.alg;
      delete k.use;
    }
  if (faults.has('jwk-private-member')) ecKey.d = keys.ecPrivateD;
  if (faults.has('jwk-alg-curve-mismatch')) ecKey.alg = 'ES384';
  if (faults.has('jwk-ec-missing-y')) delete ecKey.y;

  const profile: Record<string, unknown> = {
    [dialect.envelopeKey]: {
      version: faults.has('profile-version-format') ? 'v1' : version,
      services: Object.fromEntries(modules.map((m) => [wireName(dialect, m.service), serviceEntries(m.service)])),
      capabilities: Object.fromEntries(
        capabilities.map((c) => [
          c,
          faults.has('profile-capabilities-not-array') ? capabilityEntry(c) : [capabilityEntry(c)],
        ]),
      ),
      ...(variations.has('profile-no-payment-handlers')
        ? {}
        : {
            payment_handlers: {
              [PAYMENT_HANDLER]: faults.has('profile-handlers-not-array') ? handlerEntry : [handlerEntry],
            },
          }),
      ...extra,
    },
    ...(variations.has('profile-no-keys')
      ? {}
      : {
          keys: faults.has('profile-keys-not-array')
            ? ecKey
            : // profile-keys-empty: a JWK Set with no keys; responses-also-signed-es512 publishes its P-521 key too.
              variations.has('profile-keys-empty')
              ? []
              : [
                  ecKey,
                  okpKey,
                  ...(variations.has('responses-also-signed-es512') ? [{ ...keys.p521 }] : []),
                  FUTURE_KEY,
                ],
        }),
    ...(variations.has('profile-extra-members')
      ? { name: 'Reference business', x_support: 'https://reference.example/support' }
      : {}),
  };
  if (faults.has('profile-versions-missing')) withoutVersions(profile[dialect.envelopeKey] as Record<string, unknown>);
  // profile-services-missing: the capabilities are advertised, but no service says where they live.
  if (faults.has('profile-services-missing')) delete (profile[dialect.envelopeKey] as Record<string, unknown>).services;
  return profile;
}

/** Drops the version of the envelope and of every service and capability entry. */
function withoutVersions(envelope: Record<string, unknown>): void {
  delete envelope.version;
  for (const registry of [envelope.services, envelope.capabilities] as Record<string, unknown>[]) {
    for (const entries of Object.values(registry)) {
      for (const entry of [entries].flat() as Record<string, unknown>[]) delete entry.version;
    }
  }
}
