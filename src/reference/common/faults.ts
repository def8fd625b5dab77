import { fault } from '../switches.js';

/** Faults of the common service module (Document 2): locations and ask. */
export const COMMON_FAULTS = [
] as const;
