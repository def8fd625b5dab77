import type { Requirement } from '../../src/register/types.js';

/** Requirements checked the same way for every capability. */
export const requirements: Requirement[] = [
  { id: 'DISC-001', level: 'MUST', capability: 'discovery', source: 'Document 1 §What the service does',
    statement: 'A business implements every endpoint of each capability it advertises: none answers 404 or 405.' },
];
