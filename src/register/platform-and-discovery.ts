import type { Requirement } from './types.js';

const D1 = 'Document 1';
const platformOnly = (what: string) => `Binds the platform, not the business; ${what}`;

/** Requirements checked the same way for every capability, and shared rules that bind the platform. */
export const requirements: Requirement[] = [
  {
    id: 'DISC-001',
    level: 'MUST',
    capability: 'discovery',
    source: 'Document 1 §What the service does',
    statement:
      'A business implements every endpoint of each capability it advertises: none answers 404, 405 or 501 to a request on a real resource.',
  },
  {
    id: 'HDR-001',
    level: 'MUST',
    derived: true,
    capability: 'headers',
    source: `${D1} §Authentication`,
    statement:
      "Every request carries Proto-Agent, an RFC 8941 dictionary whose profile member is the caller's profile URL.",
    untestable: platformOnly('the checker sends it on every request (src/http/client.ts).'),
  },
  {
    id: 'HDR-002',
    level: 'MUST',
    capability: 'headers',
    source: `${D1} §Authentication`,
    statement: "The profile URL in Proto-Agent points to the caller's /.well-known/proto document.",
    untestable: platformOnly('the checker sends the --agent-profile URL it is given.'),
  },
  {
    id: 'HDR-003',
    level: 'MUST',
    derived: true,
    capability: 'headers',
    source: `${D1} §Authentication`,
    statement: 'Every request carries a Request-Id.',
    untestable: platformOnly('the checker sends a fresh UUID on every request.'),
  },
  {
    id: 'HDR-004',
    level: 'MUST',
    derived: true,
    capability: 'headers',
    source: `${D1} §Authentication`,
    statement: 'Cart and checkout requests carry an Idempotency-Key.',
    untestable: platformOnly('the checker adds one wherever the operations table says it is required.'),
  },
  {
    id: 'CTX-001',
    level: 'SHOULD',
    capability: 'context',
    source: `${D1} §Shared value objects`,
    statement: 'Businesses use context signals for localisation and relevance when verified inputs are absent.',
    untestable: 'The spec defines no observable outcome of using context, so nothing can be compared.',
  },
  {
    id: 'CTX-002',
    level: 'MUST',
    capability: 'context',
    source: `${D1} §Shared value objects`,
    statement: 'Signals values are direct observations or verifiable attestations, never buyer-asserted claims.',
    untestable: platformOnly('the checker sends no signals values.'),
  },
  {
    id: 'CTX-003',
    level: 'MUST',
    capability: 'context',
    source: `${D1} §Shared value objects`,
    statement: 'Every signals key is a reverse-domain name.',
    untestable: platformOnly('the checker sends an empty signals object.'),
  },
  {
    id: 'CTX-004',
    level: 'SHOULD',
    capability: 'context',
    source: `${D1} §Shared value objects`,
    statement: 'Context is non-identifying; higher-resolution data supersedes it.',
    untestable: platformOnly('the checker sends a country and postal code, or the context of fixtures.locations.'),
  },
];
