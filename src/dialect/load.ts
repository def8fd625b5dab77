import { readJsonFile } from '../json-file.js';
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
  const d = await readJsonFile<DialectFile>(file, 'dialect', 'dialect.schema.json');
  return {
    name: d.name,
    agentHeader: d.agent_header,
    wellKnownPath: d.well_known_path,
    envelopeKey: d.envelope_key,
    prefix: d.prefix,
  };
}
