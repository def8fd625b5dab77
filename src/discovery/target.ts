import type { Dialect } from '../dialect/dialect.js';
import type { Exchange } from '../report/exchange.js';
import type { Service } from '../protocol/operations.js';

/** What a run knows about the business: where each service lives and what it advertises. */
export interface Target {
  /** The URL the user gave. */
  url: string;
  dialect: Dialect;
  /** The profile, when it was read; `services` are the bindings the profile itself declares. */
  profile?: {
    url: string;
    exchange: Exchange;
    document: Record<string, unknown>;
    services: Map<Service, ServiceBinding>;
  };
  /** Why the profile was not read. */
  profileNotRead?: string;
  /** The business answered at the profile's address, but not with a profile (PROF-013): its answer, and why. */
  profileRefused?: { problem: string; exchange: Exchange };
  /** The endpoints the run uses: the profile's, with `--endpoint` overrides applied. */
  services: Map<Service, ServiceBinding>;
  /** Capabilities this tool knows that the run checks, dialect-free. */
  capabilities: Set<string>;
  /** `capabilities` are those `--capabilities` named (else every advertised one this tool knows). */
  narrowed?: true;
  /** Advertised, but left out by `--capabilities`. */
  excluded: Set<string>;
  /** Every capability the business advertises, as it names them, known to this tool or not. */
  advertised: string[];
  /** What discovery could not do as asked, for the run's notices (a `--capabilities` name the profile lacks). */
  notices?: string[];
}

/**
 * Whether the business advertises a capability this tool knows, judged in this run or left out by
 * `--capabilities`: what a scenario may read (or make) to prepare what it judges. Narrowing selects
 * what is judged, never what may be read: a cart's items are still found through the catalog.
 */
export const advertises = (target: Target, capability: string): boolean =>
  target.capabilities.has(capability) || target.excluded.has(capability);

/** The profile check that the profile is served at all (PROF-013); what reads the profile is blocked by it. */
export const SERVED_CHECK_ID = 'profile.served';

/** The profile check that finds each service's REST endpoint; capability suites are blocked by it. */
export const ENDPOINT_CHECK_ID = 'profile.rest-endpoint';

export interface ServiceBinding {
  /** The REST endpoint ({base_url}), when one could be found. */
  endpoint?: string;
  /** Why no endpoint could be used. */
  problem?: string;
}
