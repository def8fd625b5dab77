/** The version of the specification this tool implements, as profiles and envelopes state it. */
export const PROTOCOL_VERSION = '2026-04-08';
