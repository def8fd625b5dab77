import type { Requirement } from './types.js';

const D1 = 'Document 1';
const capability = 'versions';

export const requirements: Requirement[] = [
  {
    id: 'VER-001',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Versioning`,
    statement:
      "proto.version of a service response is a version the profile advertises: its own proto.version, a version of that service's entries, or of one of its capabilities. The spec does not say which of them a response states, so any is accepted.",
  },
  {
    id: 'VER-002',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Versioning`,
    statement:
      'A capability entry echoed in a response\'s proto.capabilities carries a version the profile advertises for that capability ("responses echo the version").',
  },
  {
    id: 'VER-003',
    level: 'MAY',
    capability,
    source: `${D1} §Versioning`,
    statement:
      'Rules for negotiating between platform and business versions, and compatibility promises, are not shown.',
    untestable: 'Nothing to observe: the spec defines no negotiation to provoke.',
  },
];
