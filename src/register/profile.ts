import type { Requirement } from './types.js';

const D1 = 'Document 1';

export const requirements: Requirement[] = [
  {
    id: 'PROF-001',
    level: 'MUST',
    derived: true,
    capability: 'profile',
    source: `${D1} §Versioning`,
    statement: 'The profile states its protocol version in proto.version as YYYY-MM-DD or draft.',
  },
  {
    id: 'PROF-002',
    level: 'MUST',
    derived: true,
    capability: 'profile',
    source: `${D1} §Service entry`,
    statement: 'proto.services maps each service identifier to an array of service entries.',
  },
  {
    id: 'PROF-003',
    level: 'MUST',
    derived: true,
    capability: 'profile',
    source: `${D1} §Capability entry`,
    statement: 'proto.capabilities maps each capability identifier to an array of capability entries.',
  },
  {
    id: 'PROF-004',
    level: 'MUST',
    derived: true,
    capability: 'profile',
    source: `${D1} §Payment handler entry`,
    statement: 'proto.payment_handlers, when present, maps each handler name to an array of handler entries.',
  },
  {
    id: 'PROF-005',
    level: 'MUST',
    derived: true,
    capability: 'profile',
    source: `${D1} §Versioning`,
    statement: 'Each service and capability entry carries a version written YYYY-MM-DD or draft.',
  },
  {
    id: 'PROF-006',
    level: 'MUST',
    derived: true,
    capability: 'profile',
    source: `${D1} §What the service does`,
    statement:
      'A service whose capabilities are advertised has a rest entry whose endpoint is an absolute HTTP(S) URL.',
  },
  {
    id: 'PROF-007',
    level: 'MUST',
    capability: 'profile',
    source: `${D1} §Public JWK`,
    statement: 'Published keys carry no private members (d, p, q, dp, dq, qi, oth, k).',
  },
  {
    id: 'PROF-008',
    level: 'MUST',
    capability: 'profile',
    source: `${D1} §Public JWK`,
    statement:
      'A key that states alg for a well-known curve states the matching one: P-256 ES256, P-384 ES384, Ed25519 EdDSA.',
  },
  {
    id: 'PROF-009',
    level: 'MUST',
    derived: true,
    capability: 'profile',
    source: `${D1} §Public JWK`,
    statement: 'Each key has kid and kty; EC and OKP keys have crv and x; EC keys also have y.',
  },
  {
    id: 'PROF-010',
    level: 'MUST',
    capability: 'profile',
    source: `${D1} §Public JWK`,
    statement:
      'Verifiers tolerate unrecognised key types, curves and algorithms without rejecting the profile, and ignore unknown members ("Unknown members are allowed and ignored by consumers"): a business that fetches platform profiles serves a request whose platform profile carries a key of an unknown type, an EC key on an unknown curve and an unknown member on every key, as it serves one with the plain profile (a signed request still verifying by its key); the checker honours it too, since PROF-009 judges only well-known key types.',
  },
  {
    id: 'PROF-011',
    level: 'MUST',
    derived: true,
    capability: 'profile',
    source: `${D1} §What the service does`,
    statement: 'The profile is served with content type application/json.',
  },
  {
    id: 'PROF-012',
    level: 'MUST',
    capability: 'profile',
    source: `${D1} §Profile document`,
    statement:
      'Any signing keys the profile publishes appear in its keys member: the keyid of every response signature names a key there.',
  },
  {
    id: 'PROF-013',
    level: 'MUST',
    derived: true,
    capability: 'profile',
    source: `${D1} §What the service does`,
    statement:
      'The business serves its profile, a JSON object with a proto member, at /.well-known/proto. Judged when the business answers there: an unreachable address is a run that cannot be checked (exit 3); an answer with no profile fails, in the report of a run that then ends with exit 3, or, with --endpoint, of the run that goes on.',
  },
  {
    id: 'PROF-016',
    level: 'MUST',
    derived: true,
    capability: 'profile',
    source: `${D1} §Response envelope, §Payment handler entry`,
    statement:
      'The services, capabilities and payment_handlers registries are keyed by reverse-domain names (two or more dot-separated labels); a key that is a capability name cut short (cart for org.proto.shopping.cart) is also named in a notice, since its suites are not run.',
  },
  {
    id: 'PROF-014',
    level: 'MAY',
    derived: true,
    capability: 'profile',
    source: `${D1} §Public JWK`,
    statement:
      'A key used in dual-audience signatures has its RFC 7638 thumbprint as kid ("MUST be the key\'s JWK SHA-256 thumbprint"); which keys are dual-audience is not shown, so the checker reports, for each key, whether its kid is its thumbprint.',
  },
  {
    id: 'PROF-015',
    level: 'MAY',
    derived: true,
    capability: 'profile',
    source: `${D1} §Public JWK`,
    statement:
      '"OKP keys are recommended for signers that opt into bot-authentication interoperability on HTTP"; which signers opt in is not shown, so the checker reports whether a profile that publishes signing keys publishes an OKP key.',
  },
];
