/**
 * The protocol's own identifiers, kept as data so the same suites run against a deployment
 * that publishes this protocol under another name. Nothing else in the code spells them out.
 */
export interface Dialect {
  name: string;
  /** Request header naming the caller's profile, e.g. `Proto-Agent`. */
  agentHeader: string;
  /** Path of the business profile, e.g. `/.well-known/proto`. */
  wellKnownPath: string;
  /** Member of every response body holding the envelope, e.g. `proto`. */
  envelopeKey: string;
  /** Reverse-domain prefix of services and capabilities, e.g. `org.proto`. */
  prefix: string;
}

export const PROTO_DIALECT: Dialect = {
  name: 'proto',
  agentHeader: 'Proto-Agent',
  wellKnownPath: '/.well-known/proto',
  envelopeKey: 'proto',
  prefix: 'org.proto',
};

/** `shopping.catalog.search` → `org.proto.shopping.catalog.search`. */
export function wireName(dialect: Dialect, logical: string): string {
  return `${dialect.prefix}.${logical}`;
}

/** `org.proto.shopping` → `shopping`; undefined when the name is outside the dialect. */
export function logicalName(dialect: Dialect, wire: string): string | undefined {
  const head = `${dialect.prefix}.`;
  return wire.startsWith(head) ? wire.slice(head.length) : undefined;
}

/** The envelope of a response body, if it has one. */
export function envelopeOf(dialect: Dialect, body: unknown): unknown {
  return isObject(body) ? body[dialect.envelopeKey] : undefined;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
