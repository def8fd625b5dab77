import type { Dialect } from '../dialect/dialect.js';
import type { Exchange } from '../http/exchange.js';
import type { Service } from '../protocol/operations.js';

/** What a run knows about the business: where each service lives and what it advertises. */
export interface Target {
  /** The URL the user gave. */
  url: string;
  dialect: Dialect;
  /** The profile, when it was read. */
  profile?: { url: string; exchange: Exchange; document: Record<string, unknown> };
  /** Why the profile was not read (overrides in force). */
  profileNotRead?: string;
  services: Map<Service, ServiceBinding>;
  /** Advertised capabilities this tool knows, dialect-free. */
  capabilities: Set<string>;
  /** Advertised, but left out by `--capabilities`. */
  excluded: Set<string>;
}

/** The profile check that finds each service's REST endpoint; capability suites are blocked by it. */
export const ENDPOINT_CHECK_ID = 'profile.rest-endpoint';

export interface ServiceBinding {
  /** The REST endpoint ({base_url}), when one could be found. */
  endpoint?: string;
  /** Why no endpoint could be used. */
  problem?: string;
}
