import type { Requirement } from './types.js';

export const requirements: Requirement[] = [
  {
    id: 'TLS-001',
    level: 'MUST',
    capability: 'transport',
    source: 'Document 1 §What the service does, §Limits',
    statement:
      'Transport is HTTPS with TLS 1.3 as the minimum version: a handshake capped at TLS 1.2 is refused. Judged on https targets; a plain http target is not production-shaped and the check does not apply.',
  },
];
