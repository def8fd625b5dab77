import { variation } from '../switches.js';

/** Variations of the lodging service module (Document 3): booking sessions. */
export const LODGING_VARIATIONS = [
] as const;
