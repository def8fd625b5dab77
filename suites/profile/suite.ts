import { isObject, wireName } from '../../src/dialect/dialect.js';
import { ENDPOINT_CHECK_ID, SERVED_CHECK_ID } from '../../src/discovery/target.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { CheckSpec } from '../../src/engine/check.js';
import { scenario, type Suite } from '../../src/engine/suite.js';
import { VERSION_PATTERN } from '../../src/protocol/envelope.js';
import { algCurveProblems, privateMemberProblems, requiredMemberProblems, thumbprint } from '../../src/protocol/jwk.js';
import type { Exchange } from '../../src/report/exchange.js';
import { brief } from '../../src/protocol/messages.js';
import { serviceOf } from '../../src/protocol/operations.js';

const REGISTRIES = [
  { checkId: 'profile.services-registry', member: 'services', def: 'serviceRegistry', required: true },
  { checkId: 'profile.capabilities-registry', member: 'capabilities', def: 'capabilityRegistry', required: true },
  {
    checkId: 'profile.payment-handlers-registry',
    member: 'payment_handlers',
    def: 'paymentHandlerRegistry',
    required: false,
  },
] as const;

/** Whether the business serves its profile at the well-known address (PROF-013). */
export const PROFILE_SERVED: CheckSpec<typeof SERVED_CHECK_ID> = {
  id: SERVED_CHECK_ID,
  title: 'the profile is served at the well-known address, with a proto object',
  requirements: ['PROF-013'],
};
/**
 * PROF-013 broken: the business answered its well-known address, but with no profile. One finding, whether the run
 * goes on (--endpoint) or ends at discovery (src/check.ts).
 */
export const notServed = (envelopeKey: string, refused: { problem: string; exchange: Exchange }) => ({
  message: refused.problem,
  expected: `HTTP 200 with a JSON object holding a ${envelopeKey} object`,
  actual: refused.problem,
  exchanges: [refused.exchange],
});

/** Two or more dot-separated labels (`com.example.loyalty`): a name under a domain its owner holds. */
const REVERSE_DOMAIN = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;

export const profileSuite: Suite = {
  id: 'profile',
  title: 'Business profile',
  capability: 'profile',
  // Always: a profile that is not served is a verdict too (with --endpoint the run goes on without it).
  appliesWhen: 'always',
  scenarios: [
    scenario({
      id: 'profile.document',
      title: 'The profile document, its registries and keys',
      effect: 'read',
      checks: [
        PROFILE_SERVED,
        { id: 'profile.content-type', title: 'profile is served as application/json', requirements: ['PROF-011'] },
        { id: 'profile.version', title: 'proto.version is YYYY-MM-DD or draft', requirements: ['PROF-001'] },
        {
          id: 'profile.services-registry',
          title: 'services registry holds arrays of service entries',
          requirements: ['PROF-002'],
        },
        {
          id: 'profile.capabilities-registry',
          title: 'capabilities registry holds arrays of capability entries',
          requirements: ['PROF-003'],
        },
        {
          id: 'profile.payment-handlers-registry',
          title: 'payment handler registry holds arrays of handler entries',
          requirements: ['PROF-004'],
        },
        {
          id: 'profile.registry-names',
          title: 'services, capabilities and payment handlers are keyed by reverse-domain names',
          requirements: ['PROF-016'],
        },
        {
          id: 'profile.entry-versions',
          title: 'service and capability entries carry dated versions',
          requirements: ['PROF-005'],
        },
        { id: ENDPOINT_CHECK_ID, title: 'each advertised service has a rest endpoint', requirements: ['PROF-006'] },
        { id: 'profile.keys-no-private', title: 'keys carry no private members', requirements: ['PROF-007'] },
        { id: 'profile.keys-alg-curve', title: 'key alg matches its curve', requirements: ['PROF-008'] },
        { id: 'profile.keys-members', title: 'keys carry the members their kty requires', requirements: ['PROF-009'] },
        {
          id: 'profile.keys-kid-thumbprint',
          title: 'which keys are named by their RFC 7638 thumbprint (the rule for dual-audience keys)',
          requirements: ['PROF-014'],
        },
        {
          id: 'profile.keys-okp',
          title: 'whether the profile publishes an OKP key (recommended for bot-authentication interoperability)',
          requirements: ['PROF-015'],
        },
      ],
      run: async (t) => checkProfile(t),
    }),
  ],
};

type ProfileCheck =
  | typeof PROFILE_SERVED.id
  | 'profile.content-type'
  | 'profile.version'
  | (typeof REGISTRIES)[number]['checkId']
  | 'profile.registry-names'
  | 'profile.entry-versions'
  | typeof ENDPOINT_CHECK_ID
  | 'profile.keys-no-private'
  | 'profile.keys-alg-curve'
  | 'profile.keys-members'
  | 'profile.keys-kid-thumbprint'
  | 'profile.keys-okp';

async function checkProfile(t: ScenarioContext<ProfileCheck>): Promise<void> {
  const { profile, profileRefused, profileNotRead } = t.target;
  if (profileRefused) t.check(PROFILE_SERVED.id, false, notServed(t.dialect.envelopeKey, profileRefused));
  // Unreached (or refused), the profile's checks have nothing to read: blocked when it was refused.
  if (!profile) t.stopNotTested(profileNotRead ?? 'profile not read', undefined, [PROFILE_SERVED.id]);
  const { exchange, document } = profile;
  const exchanges = [exchange];
  t.pass(PROFILE_SERVED.id, `served at ${profile.url}`, exchanges);
  const d = t.dialect;
  const meta = document[d.envelopeKey] as Record<string, unknown>;
  const verdict = (checkId: ProfileCheck, problems: string[], expected: string) =>
    t.check(checkId, problems.length === 0, {
      message: problems[0] ?? 'held',
      expected,
      actual: problems.join('; '),
      exchanges,
    });

  const type = exchange.responseHeaders?.['content-type'] ?? '';
  verdict(
    'profile.content-type',
    /^application\/json\s*(;|$)/i.test(type) ? [] : [`Content-Type is ${JSON.stringify(type || 'absent')}`],
    'Content-Type: application/json',
  );

  const version = meta.version;
  verdict(
    'profile.version',
    typeof version === 'string' && VERSION_PATTERN.test(version)
      ? []
      : [`${d.envelopeKey}.version is ${brief(version)}`],
    'a version such as 2026-01-15 or draft',
  );

  for (const r of REGISTRIES) {
    const value = meta[r.member];
    if (value === undefined && !r.required) {
      t.observe(r.checkId, { message: `the profile has no ${d.envelopeKey}.${r.member}`, exchanges });
      continue;
    }
    const problems =
      value === undefined
        ? r.required
          ? [`${d.envelopeKey}.${r.member} is missing`]
          : []
        : t
            .validate(`common.schema.json#/$defs/${r.def}`, value)
            .map((p) => p.replace('$', `$.${d.envelopeKey}.${r.member}`));
    verdict(r.checkId, problems, `${d.envelopeKey}.${r.member}: an object whose values are arrays of entries`);
  }

  verdict(
    'profile.registry-names',
    REGISTRIES.flatMap((r) =>
      isObject(meta[r.member])
        ? Object.keys(meta[r.member] as object)
            .filter((key) => !REVERSE_DOMAIN.test(key))
            .map((key) => `${d.envelopeKey}.${r.member} key ${JSON.stringify(key)} is not a reverse-domain name`)
        : [],
    ),
    'keys such as org.proto.shopping.cart or com.example.loyalty',
  );

  verdict(
    'profile.entry-versions',
    entryVersionProblems(meta, d.envelopeKey),
    'every entry version YYYY-MM-DD or draft',
  );

  if (t.target.capabilities.size === 0) {
    t.observe(ENDPOINT_CHECK_ID, {
      message: 'the profile advertises no capability this tool knows, so no service was checked',
      exchanges,
    });
  } else checkEndpoints(t, exchanges);

  const keys = document.keys;
  const KEY_CHECKS = ['profile.keys-no-private', 'profile.keys-alg-curve', 'profile.keys-members'] as const;
  if (keys !== undefined && !Array.isArray(keys)) {
    for (const id of KEY_CHECKS) verdict(id, ['keys is not an array'], 'keys: an array of public JWKs');
    for (const id of ['profile.keys-kid-thumbprint', 'profile.keys-okp'] as const)
      t.observe(id, { message: 'keys is not an array', exchanges });
    return;
  }
  if (keys === undefined || keys.length === 0) {
    for (const id of [...KEY_CHECKS, 'profile.keys-kid-thumbprint', 'profile.keys-okp'] as const)
      t.observe(id, { message: 'the profile publishes no keys', exchanges });
    return;
  }
  // Which signers opt into bot-authentication interoperability is not shown: reported, not judged.
  const okp = keys.filter((k) => isObject(k) && k.kty === 'OKP').map((k) => String((k as Record<string, unknown>).kid));
  if (okp.length > 0) t.pass('profile.keys-okp', `OKP keys published: ${okp.join(', ')}`, exchanges);
  else {
    t.observe('profile.keys-okp', {
      message: `none of the ${keys.length} keys is an OKP key ("OKP keys are recommended for signers that opt into bot-authentication interoperability on HTTP")`,
      exchanges,
    });
  }
  // Which keys are dual-audience is not shown, so the thumbprint rule is reported, not judged.
  t.observe('profile.keys-kid-thumbprint', {
    message: `kid is the RFC 7638 thumbprint of: ${kidReport(keys)}`,
    exchanges,
  });
  verdict('profile.keys-no-private', privateMemberProblems(keys), 'public members only');
  verdict('profile.keys-alg-curve', algCurveProblems(keys), 'P-256/ES256, P-384/ES384, Ed25519/EdDSA');
  verdict('profile.keys-members', requiredMemberProblems(keys), 'kid and kty; crv and x for EC and OKP; y for EC');
}

function kidReport(keys: unknown[]): string {
  return keys
    .map((k, i) => {
      if (!isObject(k)) return `keys[${i}]: not an object`;
      const print = thumbprint(k);
      return `${String(k.kid)}: ${print === undefined ? 'a key type RFC 7638 does not define' : print === k.kid ? 'yes' : 'no'}`;
    })
    .join('; ');
}

function checkEndpoints(t: ScenarioContext<typeof ENDPOINT_CHECK_ID>, exchanges: Exchange[]): void {
  const d = t.dialect;
  // The profile's own bindings: an --endpoint override does not make a profile right.
  const declared = t.target.profile?.services ?? new Map();
  const problems = [...t.target.capabilities].flatMap((capability) => {
    const service = serviceOf(capability);
    const binding = declared.get(service);
    if (binding?.endpoint) return [];
    const why = binding?.problem ?? `${wireName(d, service)} is not in ${d.envelopeKey}.services`;
    return [`${wireName(d, capability)} is advertised but ${wireName(d, service)} has no usable endpoint: ${why}`];
  });
  const unique = [...new Set(problems)];
  t.check(ENDPOINT_CHECK_ID, unique.length === 0, {
    message: unique[0] ?? '',
    expected: 'a rest entry with an absolute endpoint URL for each advertised service',
    actual: unique.join('; '),
    exchanges,
  });
}

function entryVersionProblems(meta: Record<string, unknown>, envelopeKey: string): string[] {
  const problems: string[] = [];
  for (const member of ['services', 'capabilities'] as const) {
    const registry = meta[member];
    if (!isObject(registry)) continue;
    for (const [name, entries] of Object.entries(registry)) {
      for (const entry of Array.isArray(entries) ? entries : [entries]) {
        if (!isObject(entry)) continue;
        const v = entry.version;
        if (typeof v !== 'string' || !VERSION_PATTERN.test(v)) {
          problems.push(`${envelopeKey}.${member}["${name}"] version is ${brief(v)}`);
        }
      }
    }
  }
  return problems;
}
