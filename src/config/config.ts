import { readJsonFile } from '../cli/json-file.js';

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
  };
  payment?: {
    handler_id?: string;
    instrument_type?: string;
    token?: string;
    in_progress_token?: string;
  };
  second_platform?: { headers?: Record<string, string>; agent_profile?: string };
}

export function loadConfig(file: string): Promise<RunConfig> {
  return readJsonFile<RunConfig>(file, 'config', 'config.schema.json');
}

/** Every secret value the config holds, for the redactor. */
export function configSecrets(config: RunConfig): string[] {
  const values = [
    ...(config.secrets ?? []),
    ...Object.values(config.headers ?? {}),
    ...Object.values(config.second_platform?.headers ?? {}),
    config.payment?.token,
    config.payment?.in_progress_token,
  ];
  return values.filter((v): v is string => typeof v === 'string' && v.length > 0);
}
