import { fault } from '../switches.js';

/** Faults of the lodging service module (Document 3): booking sessions. */
export const LODGING_FAULTS = [
] as const;
