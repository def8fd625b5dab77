/** A JSON object, as the config and the request recipes hold them. */
export type Json = Record<string, unknown>;

/** The `--config FILE` contents: fixtures and credentials a full run needs. See schemas/config.schema.json. */
export interface RunConfig {
  agent_profile?: string;
  /** Sent on every request (e.g. `Authorization`, `X-API-Key`); always redacted. */
  headers?: Record<string, string>;
  /** Values redacted wherever they appear. */
  secrets?: string[];
  fixtures?: {
    product_ids?: string[];
    variant_ids?: string[];
    search_query?: string;
    search_filters?: Record<string, unknown>;
    lookup_batch_ceiling?: number;
    item_ids?: string[];
    out_of_stock_item_ids?: string[];
    unavailable_item_ids?: string[];
    shipping_address?: Record<string, string>;
    buyer?: Record<string, string>;
    /** Document 2: locations the business has, and how to search them. */
    locations?: {
      ids?: string[];
      aliases?: Record<string, string>;
      query?: string;
      center?: Json;
      max_meters?: number;
      unsupported_max?: number;
      amenities?: string[];
      context?: Json;
      /** Signals sent to show they filter nothing (Document 1 §Shared value objects: environment data). */
      signals?: Json;
      lookup_batch_max?: number;
      /** A Location Serves the business can answer, and items it stocks somewhere (filters.items). */
      serves?: Json;
      items?: string[];
      /** A filters.hours object in the business's shape (its members are not shown). */
      hours_filter?: Json;
    };
    /** Document 2: questions for ask. */
    ask?: { query?: string; unaddressable_query?: string; disclosure_query?: string; grounding_ids?: string[] };
    /** Document 3: a bookable stay, one that is sold out, and the people of the booking. */
    booking?: {
      property?: Json;
      stays?: Json[];
      sold_out_stays?: Json[];
      guests?: Json[];
      booker?: Json;
      travel_purpose?: string;
    };
  };
  payment?: {
    handler_id?: string;
    instrument_type?: string;
    token?: string;
    in_progress_token?: string;
    /** Sent in place of the instrument the checker builds; the token is filled in. */
    instrument?: Json;
  };
  /**
   * Extra members per operation, merged into every request body of that operation; a key `name[]` merges its object
   * into each element of the array `name` (every line item).
   */
  requests?: Record<string, Json>;
  second_platform?: { headers?: Record<string, string>; agent_profile?: string };
  /**
   * Transport: CAs to trust for a business with its own, and the platform's client certificate for mutual TLS (PEM
   * files).
   */
  tls?: { ca_file?: string; cert_file?: string; key_file?: string };
  /** Request signing: the platform's private key, and the operations the business requires signed. */
  signing?: {
    /** A private JWK file, as `keygen` writes it; `--signing-key` overrides it. */
    key_file?: string;
    /** Operations (`cart.create`) where the business verifies request signatures, or `*`. */
    required_for?: string[];
  };
  /** What the business says about authentication; the credentials themselves are `headers`. */
  auth?: {
    /** Operations (`cart.create`) that need the credential, or `*` for all. */
    required_for?: string[];
    /** Headers that authenticate but are not permitted for `forbidden_for`: expected to get 403. */
    forbidden_headers?: Record<string, string>;
    /** Operations the forbidden credential may not call; `required_for` when absent. */
    forbidden_for?: string[];
    /** Origins besides the target's that credentials may be sent to (services elsewhere). */
    origins?: string[];
  };
}

/** Every secret value the config holds, for the redactor. */
export function configSecrets(config: RunConfig): string[] {
  const values = [
    ...(config.secrets ?? []),
    ...Object.values(config.headers ?? {}),
    ...Object.values(config.second_platform?.headers ?? {}),
    ...Object.values(config.auth?.forbidden_headers ?? {}),
    config.payment?.token,
    config.payment?.in_progress_token,
  ];
  return values.filter((v): v is string => typeof v === 'string' && v.length > 0);
}

/**
 * The credentials a replay script reads from the environment, by variable: the config's headers
 * (`X_API_KEY`), the forbidden ones (`FORBIDDEN_X_API_KEY`) and the second platform's
 * (`SECOND_PLATFORM_X_API_KEY`), so a script never sends one where the run sent another.
 */
export function credentialVariables(config: RunConfig): Record<string, string> {
  const variable = (prefix: string, name: string) => `${prefix}${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  const named = (prefix: string, headers: Record<string, string> | undefined) =>
    Object.entries(headers ?? {}).map(([name, value]) => [variable(prefix, name), value]);
  return Object.fromEntries([
    ...named('', config.headers),
    ...named('FORBIDDEN_', config.auth?.forbidden_headers),
    ...named('SECOND_PLATFORM_', config.second_platform?.headers),
  ]);
}
