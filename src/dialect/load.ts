import { readFile } from 'node:fs/promises';
import { UsageError } from '../cli/errors.js';
import { validatorFor } from '../protocol/schemas.js';
import type { Dialect } from './dialect.js';

interface DialectFile {
  name: string;
  agent_header: string;
  well_known_path: string;
  envelope_key: string;
  prefix: string;
}

/** Reads a `--dialect FILE`; any problem is a usage error naming the file. */
export async function loadDialect(file: string): Promise<Dialect> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`cannot read dialect ${file}: ${(err as Error).message}`);
  }
  const problems = validatorFor('dialect.schema.json')(data);
  if (problems.length > 0) throw new UsageError(`dialect ${file} is invalid: ${problems[0]}`);
  const d = data as DialectFile;
  return {
    name: d.name,
    agentHeader: d.agent_header,
    wellKnownPath: d.well_known_path,
    envelopeKey: d.envelope_key,
    prefix: d.prefix,
  };
}
