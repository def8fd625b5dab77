import { envelopeOf, isObject, logicalName, wireName, type Dialect } from '../../src/dialect/dialect.js';
import type { ExchangeRule } from '../../src/engine/rule.js';
import type { Suite } from '../../src/engine/suite.js';
import type { Target } from '../../src/discovery/target.js';
import type { Exchange } from '../../src/report/exchange.js';

/** The versions of a registry's entries: `{ name: [{ version }] }`. */
function entryVersions(registry: unknown, name: string): string[] {
  const entries = isObject(registry) ? registry[name] : undefined;
  return (Array.isArray(entries) ? entries : [entries])
    .filter(isObject)
    .map((e) => e.version)
    .filter((v): v is string => typeof v === 'string');
}

const profileEnvelope = (target: Target) => {
  const env = target.profile ? envelopeOf(target.dialect, target.profile.document) : undefined;
  return isObject(env) ? env : undefined;
};

/** Every version the profile states for a service: its own, its entries', and its capabilities'. */
function advertisedFor(target: Target, service: string): string[] {
  const env = profileEnvelope(target);
  if (!env) return [];
  const d = target.dialect;
  const capabilities = isObject(env.capabilities) ? Object.keys(env.capabilities) : [];
  return [
    ...new Set([
      ...(typeof env.version === 'string' ? [env.version] : []),
      ...entryVersions(env.services, wireName(d, service)),
      ...capabilities
        .filter((c) => logicalName(d, c)?.startsWith(`${service}.`))
        .flatMap((c) => entryVersions(env.capabilities, c)),
    ]),
  ];
}

const responseEnvelope = (x: Exchange, d: Dialect) => {
  const env = envelopeOf(d, x.json);
  return isObject(env) ? env : undefined;
};

const RULES: ExchangeRule[] = [
  {
    check: {
      id: 'versions.response-version',
      title: 'proto.version of a response is a version the profile advertises',
      requirements: ['VER-001'],
    },
    appliesTo: 'service responses stating a version, from a business whose profile states versions',
    applies: (x, r) =>
      x.service !== undefined &&
      typeof responseEnvelope(x, r.dialect)?.version === 'string' &&
      advertisedFor(r.target, x.service).length > 0,
    problems: (x, r) => {
      const version = responseEnvelope(x, r.dialect)?.version as string;
      const advertised = advertisedFor(r.target, x.service as string);
      return advertised.includes(version)
        ? []
        : [`proto.version is ${version}; the profile advertises ${advertised.join(', ')}`];
    },
  },
  {
    check: {
      id: 'versions.capability-echo',
      title: 'capabilities echoed in a response carry a version the profile advertises for them',
      requirements: ['VER-002'],
    },
    appliesTo: 'service responses echoing a capability the profile advertises',
    applies: (x, r) => echoed(x, r.target).length > 0,
    problems: (x, r) =>
      echoed(x, r.target).flatMap(({ name, versions, advertised }) =>
        versions.length === 0
          ? // "The version appears in each … capability entry" (Document 1 §Versioning 2): an echo without one echoes
            // none.
            [`${name} is echoed without a version; the profile advertises ${advertised.join(', ')}`]
          : versions
              .filter((v) => !advertised.includes(v))
              .map((v) => `${name} is echoed at ${v}; the profile advertises ${advertised.join(', ')}`),
      ),
  },
];

/** The capabilities a response echoes that the profile advertises with versions. */
function echoed(x: Exchange, target: Target): { name: string; versions: string[]; advertised: string[] }[] {
  if (x.service === undefined) return [];
  const env = responseEnvelope(x, target.dialect);
  const profile = profileEnvelope(target);
  if (!env || !profile || !isObject(env.capabilities)) return [];
  return Object.keys(env.capabilities)
    .map((name) => ({
      name,
      versions: entryVersions(env.capabilities, name),
      advertised: entryVersions(profile.capabilities, name),
    }))
    .filter((e) => e.advertised.length > 0);
}

/** Versions in responses against the profile: rules over every exchange, judged when the profile was read. */
export const versionsSuite: Suite = {
  id: 'versions',
  title: 'Versions echoed in responses',
  capability: 'versions',
  appliesWhen: 'profile',
  scenarios: [],
  rules: RULES,
};
