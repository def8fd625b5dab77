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
];
