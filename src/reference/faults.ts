/**
 * Named faults of the reference business. Each breaks one behaviour the way a real
 * implementation might, and lists, completely, the requirement IDs a run must fail because of it.
 */
export interface Fault {
  name: string;
  /** Area the fault breaks: a dialect-free capability or `profile`, `envelope`, `discovery`. */
  capability: string;
  description: string;
  expect: string[];
}

const fault = <N extends string>(f: Fault & { name: N }) => f;

export const FAULTS = [
  // Profile
  fault({ name: 'profile-version-format', capability: 'profile', description: 'proto.version in the profile is "v1", not a date.', expect: ['PROF-001'] }),
  fault({ name: 'profile-services-not-array', capability: 'profile', description: 'A service registry value is a lone object instead of an array of entries.', expect: ['PROF-002'] }),
  fault({ name: 'profile-capabilities-not-array', capability: 'profile', description: 'Capability registry values are lone objects instead of arrays.', expect: ['PROF-003'] }),
  fault({ name: 'profile-handlers-not-array', capability: 'profile', description: 'The payment handler registry value is a lone object instead of an array.', expect: ['PROF-004'] }),
  fault({ name: 'profile-entry-version-format', capability: 'profile', description: 'Capability entries carry version "1.0".', expect: ['PROF-005'] }),
  fault({ name: 'profile-no-endpoint', capability: 'discovery', description: 'The shopping rest entry has no endpoint, so no capability can be reached.', expect: ['PROF-006'] }),
  fault({ name: 'jwk-private-member', capability: 'profile', description: 'The signing key is published with its private member d.', expect: ['PROF-007'] }),
  fault({ name: 'jwk-alg-curve-mismatch', capability: 'profile', description: 'A P-256 key states alg ES384.', expect: ['PROF-008'] }),
  fault({ name: 'jwk-ec-missing-y', capability: 'profile', description: 'An EC key lacks its y coordinate.', expect: ['PROF-009'] }),
  fault({ name: 'profile-content-type-text', capability: 'profile', description: 'The profile is served as text/plain.', expect: ['PROF-011'] }),
  // Envelope
  fault({ name: 'envelope-missing-version', capability: 'envelope', description: 'Service responses carry the envelope without version.', expect: ['ENV-001'] }),
  fault({ name: 'envelope-version-format', capability: 'envelope', description: 'Service responses state version "1.0".', expect: ['ENV-002'] }),
  fault({ name: 'error-status-success', capability: 'envelope', description: 'The product not_found error response says status success.', expect: ['ENV-003', 'PROD-001'] }),
  fault({ name: 'error-without-messages', capability: 'envelope', description: 'Error responses say status error but carry no messages.', expect: ['ENV-004', 'PROD-001'] }),
  fault({ name: 'message-type-vocabulary', capability: 'envelope', description: 'Lookup not_found messages use type "information" instead of info.', expect: ['ENV-005', 'LKUP-004'] }),
  fault({ name: 'response-content-type-text', capability: 'envelope', description: 'Service responses are sent as text/plain.', expect: ['ENV-006'] }),
  fault({ name: 'envelope-status-vocabulary', capability: 'envelope', description: 'Successful responses say status "ok".', expect: ['ENV-007'] }),
  fault({ name: 'transport-error-shape', capability: 'envelope', description: 'HTTP 400 bodies are {"error": "..."} without code and content.', expect: ['ENV-008'] }),
  // Discovery
  fault({ name: 'product-endpoint-missing', capability: 'discovery', description: 'POST /catalog/product is not routed: 404, although lookup is advertised.', expect: ['DISC-001', 'PROD-001'] }),
  // Catalog
  fault({ name: 'search-results-member', capability: 'shopping.catalog.search', description: 'Search names its array "results" instead of products.', expect: ['SRCH-001'] }),
  fault({ name: 'search-default-page-20', capability: 'shopping.catalog.search', description: 'Search returns 20 products when no limit is given.', expect: ['SRCH-003'] }),
  fault({ name: 'search-ignores-limit', capability: 'shopping.catalog.search', description: 'Search ignores pagination.limit and always returns 10.', expect: ['SRCH-004'] }),
  fault({ name: 'product-missing-description', capability: 'shopping.catalog.search', description: 'Products are sent without description.', expect: ['SRCH-002', 'LKUP-001'] }),
  fault({ name: 'lookup-variant-ids-only', capability: 'shopping.catalog.lookup', description: 'Lookup only resolves variant ids; product ids come back not_found.', expect: ['LKUP-002'] }),
  fault({ name: 'lookup-rejects-variant-ids', capability: 'shopping.catalog.lookup', description: 'Lookup only resolves product ids; variant ids come back not_found.', expect: ['LKUP-003'] }),
  fault({ name: 'lookup-drops-inputs', capability: 'shopping.catalog.lookup', description: 'Lookup variants carry no inputs.', expect: ['LKUP-006'] }),
  fault({ name: 'lookup-not-found-404', capability: 'shopping.catalog.lookup', description: 'A lookup whose ids do not all resolve answers HTTP 404.', expect: ['LKUP-004', 'LKUP-005'] }),
  fault({ name: 'lookup-silent-not-found', capability: 'shopping.catalog.lookup', description: 'Unresolved lookup ids are dropped without a not_found message.', expect: ['LKUP-004'] }),
] as const;

export type FaultName = (typeof FAULTS)[number]['name'];

export function isFaultName(name: string): name is FaultName {
  return FAULTS.some((f) => f.name === name);
}

/** The faults switched on in one reference business. */
export class FaultSet {
  private readonly on: Set<FaultName>;
  constructor(names: FaultName[] = []) {
    this.on = new Set(names);
  }
  has(name: FaultName): boolean {
    return this.on.has(name);
  }
  get names(): FaultName[] {
    return [...this.on];
  }
}
