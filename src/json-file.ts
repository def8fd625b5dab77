import { readFile } from 'node:fs/promises';
import { validatorFor } from './schemas.js';
import { UsageError } from './errors.js';

/** Reads a JSON file the user named and checks it against a schema; any problem is a usage error. */
export async function readJsonFile<T>(
  file: string,
  what: string,
  schema: string,
  /** Applied to the parsed document before it is checked (the config's `${VAR}` references). */
  prepare: (data: unknown) => unknown = (data) => data,
): Promise<T> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`cannot read ${what} ${file}: ${(err as Error).message}`);
  }
  data = prepare(data);
  const problems = validatorFor(schema)(data);
  if (problems.length > 0) throw new UsageError(`${what} ${file} is invalid: ${problems.join('; ')}`);
  return data as T;
}
