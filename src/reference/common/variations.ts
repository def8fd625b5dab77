import { variation } from '../switches.js';

/** Variations of the common service module (Document 2): locations and ask. */
export const COMMON_VARIATIONS = [
] as const;
