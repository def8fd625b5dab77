import type { Requirement } from './types.js';

const D1 = 'Document 1';
const capability = 'signatures';

/** Response signatures and digests (Document 1 §Authentication, §Public JWK; RFC 9421, RFC 9530, RFC 8785). */
export const requirements: Requirement[] = [
  {
    id: 'SIG-001',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Authentication`,
    statement:
      'A response signature verifies (RFC 9421) with the profile key its keyid names, over the components its Signature-Input lists. A key of a type, curve or algorithm the checker does not know is reported, not failed (algorithm_unsupported).',
  },
  {
    id: 'SIG-002',
    level: 'MUST',
    capability,
    source: `${D1} §Authentication`,
    statement:
      'A response Content-Digest is the digest of the RFC 8785 canonical form of the body ("digest over the canonicalised body, RFC 8785").',
  },
  {
    id: 'SIG-003',
    level: 'SHOULD',
    capability,
    source: `${D1} §Authentication`,
    statement:
      'Complete checkout responses are signed ("Response signing is recommended for complete checkout responses"), by a key the profile publishes; a business that publishes no keys, and so signs nothing, is told too.',
  },
  {
    id: 'SIG-004',
    level: 'SHOULD',
    capability,
    source: `${D1} §Authentication`,
    statement:
      'Order responses are signed ("Businesses SHOULD sign order responses"), by a key the profile publishes; a business that publishes no keys, and so signs nothing, is told too.',
  },
  {
    id: 'SIG-005',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Authentication, §Errors`,
    statement:
      'Where a business authenticates platforms by message signature, a request whose signature does not verify gets 401 ("Authentication missing or invalid").',
  },
  {
    id: 'SIG-006',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Authentication, §Errors`,
    statement:
      'Where a business authenticates platforms by message signature, a request whose Content-Digest does not match its body is refused: 401 ("Authentication missing or invalid") or 400 (a malformed request); no status is stated for it, so either is accepted.',
  },
  {
    id: 'SIG-007',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Authentication, §Errors`,
    statement:
      'Where a business authenticates platforms by message signature, a request signed under a keyid the platform profile does not publish gets 401.',
  },
  {
    id: 'SIG-008',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Authentication`,
    statement:
      "Where a business authenticates platforms by message signature, a request signature that leaves out one of the components the spec lists (@method, @authority, @path, idempotency-key, content-digest, content-type, proto-agent, each where the request has it) gets 401, though it verifies over what it covers. Each component the checker's own signature covers is left out in turn.",
  },
  {
    id: 'SIG-009',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Authentication`,
    statement:
      'Where a business authenticates platforms by message signature, a request without Signature ("Required when authenticating with message signatures") gets 401: one carrying no signature at all, and one carrying Signature-Input alone.',
  },
  {
    id: 'SIG-010',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Authentication`,
    statement:
      'Where a business authenticates platforms by message signature, a request carrying Signature without Signature-Input ("Required with message signatures") gets 401.',
  },
  {
    id: 'SIG-011',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Authentication`,
    statement:
      'Where a business authenticates platforms by message signature, a signed request with a body (POST, PUT) that lacks Content-Digest ("required on requests that have a body when signatures are used"), its signature covering the rest, gets 401.',
  },
  {
    id: 'SIG-012',
    level: 'MUST',
    capability,
    source: `${D1} §Authentication`,
    statement:
      'A platform that signs a request sends Signature, Signature-Input and, on a body, Content-Digest, and covers @method, @authority, @path, idempotency-key, content-digest, content-type and proto-agent with keys its profile publishes.',
    untestable:
      'Binds the platform, not the business; the checker signs every request so (src/http/pipeline.ts), and SIG-008 to SIG-011 are how a business answers a request that does not.',
  },
  {
    id: 'SIG-013',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Authentication`,
    statement:
      'A response signature covers, of the components the message-signature rules list ("signed components include … content-digest, content-type …"), the two a response carries: content-type and content-digest, so its body is protected. A signed response therefore carries Content-Digest. The spec lists the components for signatures in general; applying them to responses is our reading.',
  },
  {
    id: 'SIG-014',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Public JWK`,
    statement:
      'A verifier derives alg from crv when a key states none ("When absent the verifier derives it from crv"): a business that verifies request signatures accepts one made with a platform key that states no alg, as the checker, verifying responses, accepts one by a business key that states none (the variation profile-keys-without-alg).',
  },
];
