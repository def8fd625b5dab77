import type { Suite } from '../../src/engine/suite.js';
import { ENVELOPE_RULES, NO_HANDLERS_RULE, SUCCESS_STATUS_RULE } from './rules.js';

/** The envelope rules, over every service response the run received. */
export const envelopeSuite: Suite = {
  id: 'envelope',
  title: 'Response envelope of every response',
  capability: 'envelope',
  appliesWhen: 'always',
  scenarios: [],
  rules: [...ENVELOPE_RULES, SUCCESS_STATUS_RULE, NO_HANDLERS_RULE],
};
