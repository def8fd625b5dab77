import { logicalName, wireName, type Dialect } from '../dialect/dialect.js';
import type { Hooks } from './shared/hooks.js';
import type { ReferenceKeys } from './shared/keys.js';
import type { Json, LayerHooks } from './shared/layer-hooks.js';
import type { ServiceModule } from './shared/module.js';

import { PROTOCOL_VERSION } from '../protocol/version.js';

export { PROTOCOL_VERSION };

/** The versions the business states: the protocol's, its service entries', and each capability's. */
export interface Versions {
  protocol: string;
  services: string;
  capability(capability: string): string;
}

/** The versions of one business (Document 1 §Versioning: capabilities are adopted independently). */
export function versionsOf(hooks: Hooks<LayerHooks>): Versions {
  const protocol = hooks.run('version.protocol', PROTOCOL_VERSION);
  const services = hooks.run('version.services', protocol);
  const capabilities = hooks.run('version.capabilities', protocol);
  return {
    protocol,
    services,
    capability: (capability) => hooks.run('version.capability', capabilities, { capability }),
  };
}

export const PAYMENT_HANDLER = 'dev.proto_conformance.test_card';
export const PAYMENT_HANDLER_ID = 'test-card';

/** Where each service lives under the reference business's base URL. */
export const servicePath = (service: string) => `/${service}`;

/** A key type no verifier knows: verifiers must tolerate it (Document 1 §Public JWK). */
const FUTURE_KEY = { kid: 'ref-future', kty: 'FUTURE-PQ', alg: 'FUTURE-ALG', pub: 'AAEC' };

/** The envelope's payment handler registry: the one test handler, in an array, at the version the business states. */
export function paymentHandlers(version: string): Record<string, unknown> {
  return { [PAYMENT_HANDLER]: [paymentHandlerEntry(version)] };
}

export function paymentHandlerEntry(version = PROTOCOL_VERSION): Record<string, unknown> {
  return { id: PAYMENT_HANDLER_ID, version, available_instruments: [{ type: 'card' }], config: { test_mode: true } };
}

export interface ProfileInputs {
  /** Where the profile is served. */
  base: string;
  /** Where the services are served (another origin with endpoint-other-origin). */
  servicesBase: string;
  dialect: Dialect;
  hooks: Hooks<LayerHooks>;
  versions: Versions;
  keys: ReferenceKeys;
  /** The service modules served: each gets a service entry, and its capabilities are advertised. */
  modules: readonly ServiceModule[];
}

/** The keys the business publishes, and signs with (none, when it publishes none), and its EC key as published. */
export function publishedKeys(hooks: Hooks<LayerHooks>, keys: ReferenceKeys): { published?: Json[]; ec: Json } {
  const ec = hooks.run('profile.key', { ...keys.ec }, { key: 'ec', keys });
  const okp = hooks.run('profile.key', { ...keys.okp }, { key: 'okp', keys });
  return { published: hooks.run('profile.keys', [ec, okp, FUTURE_KEY], { keys }), ec };
}

export function buildProfile({ servicesBase, dialect, hooks, versions, keys, modules }: ProfileInputs): Json {
  const services = { base: servicesBase, version: versions.services };
  // Each module's service gets its own entry and endpoint; the entry variations and faults act on every one.
  const serviceEntries = (service: string) => {
    const entry = hooks.run(
      'profile.entry',
      { version: versions.services, transport: 'rest', endpoint: `${servicesBase}${servicePath(service)}` },
      { registry: 'services', name: service },
    );
    return hooks.run('profile.entries', [entry], { registry: 'services', entry, services });
  };
  const capabilityEntries = (c: string) => {
    const entry = hooks.run(
      'profile.entry',
      { version: versions.capability(logicalName(dialect, c) ?? c), spec: `https://spec.example/${c}` },
      { registry: 'capabilities', name: c },
    );
    return hooks.run('profile.entries', [entry], { registry: 'capabilities', entry, services });
  };
  const capabilities = hooks.run(
    'profile.capabilities',
    modules.flatMap((m) => m.capabilities).map((c) => wireName(dialect, c)),
    { dialect },
  );
  const handler = paymentHandlerEntry(versions.protocol);
  const envelope = hooks.run('profile.envelope', {
    version: versions.protocol,
    services: Object.fromEntries(modules.map((m) => [wireName(dialect, m.service), serviceEntries(m.service)])),
    capabilities: Object.fromEntries(capabilities.map((c) => [c, capabilityEntries(c)])),
    payment_handlers: {
      [PAYMENT_HANDLER]: hooks.run('profile.entries', [handler], {
        registry: 'payment_handlers',
        entry: handler,
        services,
      }),
    },
  });
  const { published, ec } = publishedKeys(hooks, keys);
  return hooks.run('profile.document', {
    [dialect.envelopeKey]: envelope,
    ...(published ? { keys: hooks.run('profile.entries', published, { registry: 'keys', entry: ec, services }) } : {}),
  });
}
