import type { RunConfig } from '../config/config.js';
import { UsageError } from '../errors.js';
import { readJsonFile } from '../json-file.js';
import { OPERATIONS } from '../protocol/operations.js';
import { OPERATIONS_WITH_BODY } from '../protocol/recipes.js';

/** Reads `--config FILE`: its schema, then the operation names it holds against the operations table. */
export async function loadConfig(file: string): Promise<RunConfig> {
  const config = await readJsonFile<RunConfig>(file, 'config', 'config.schema.json');
  for (const name of Object.keys(config.requests ?? {})) {
    if (!OPERATIONS_WITH_BODY.includes(name)) {
      throw new UsageError(
        `config ${file}: requests.${name} names no operation that sends a body; known: ${OPERATIONS_WITH_BODY.join(', ')}`,
      );
    }
  }
  const operations = new Set(OPERATIONS.map((o) => o.name));
  const lists = {
    'auth.required_for': config.auth?.required_for,
    'auth.forbidden_for': config.auth?.forbidden_for,
    'signing.required_for': config.signing?.required_for,
  };
  for (const [member, names] of Object.entries(lists)) {
    for (const name of names ?? []) {
      if (name !== '*' && !operations.has(name))
        throw new UsageError(
          `config ${file}: ${member} names ${name}, which is no operation; known: ${[...operations].join(', ')}`,
        );
    }
  }
  return config;
}
