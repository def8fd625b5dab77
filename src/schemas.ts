import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { PACKAGE_ROOT } from './package-root.js';
import { closest } from './suggest.js';

// ajv-formats is CJS; its default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** Returns the problems found, as `$.path: message` lines; empty when valid. */
export type Validate = (data: unknown) => string[];

const SCHEMA_DIR = join(PACKAGE_ROOT, 'schemas');
const raw: Record<string, unknown>[] = readdirSync(SCHEMA_DIR)
  .filter((f) => f.endsWith('.schema.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(SCHEMA_DIR, f), 'utf8')) as Record<string, unknown>);

const ajvByEnvelopeKey = new Map<string, Ajv>();
const validators = new Map<string, Validate>();

/**
 * A validator for one schema file (by `$id`, which is its file name). Schemas name the envelope
 * `proto`; for another dialect they are compiled with that member renamed, so one set of
 * schemas serves every dialect.
 */
export function validatorFor(schemaRef: string, envelopeKey = 'proto'): Validate {
  const cacheKey = `${envelopeKey}|${schemaRef}`;
  let validate = validators.get(cacheKey);
  if (!validate) {
    const fn = ajvFor(envelopeKey).getSchema(schemaRef);
    if (!fn) throw new Error(`unknown schema ${schemaRef}`);
    validate = (data) => (fn(data) ? [] : describeErrors(fn));
    validators.set(cacheKey, validate);
  }
  return validate;
}

function ajvFor(envelopeKey: string): Ajv {
  let ajv = ajvByEnvelopeKey.get(envelopeKey);
  if (!ajv) {
    // verbose: an error carries its schema, so an unknown member can be told from the known ones.
    ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
    addFormats(ajv);
    for (const schema of raw) {
      ajv.addSchema(
        envelopeKey === 'proto' ? schema : (renameEnvelope(schema, envelopeKey) as Record<string, unknown>),
      );
    }
    ajvByEnvelopeKey.set(envelopeKey, ajv);
  }
  return ajv;
}

function renameEnvelope(node: unknown, key: string): unknown {
  if (Array.isArray(node)) return node.map((n) => renameEnvelope(n, key));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p === 'proto' ? key : p, renameEnvelope(s, key)]));
    } else if (k === 'required' && Array.isArray(v)) {
      out[k] = v.map((p) => (p === 'proto' ? key : p));
    } else {
      out[k] = renameEnvelope(v, key);
    }
  }
  return out;
}

function describeErrors(fn: ValidateFunction): string[] {
  return (fn.errors ?? []).slice(0, 20).map((e) => `${jsonPath(e)}: ${describe(e)}`);
}

/** One problem in words; a member the schema does not know is named, with the known one it is closest to. */
function describe(e: ErrorObject): string {
  if (e.keyword !== 'additionalProperties') return e.message ?? 'invalid';
  const member = String(e.params.additionalProperty);
  const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
  const guess = closest(member, known);
  const hint = guess ? `; did you mean ${JSON.stringify(guess)}?` : known.length ? `; known: ${known.join(', ')}` : '';
  return `unknown member ${JSON.stringify(member)}${hint}`;
}

function jsonPath(e: ErrorObject): string {
  let path = '$';
  for (const seg of e.instancePath.split('/').slice(1)) {
    const s = seg.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(s) ? `[${s}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`;
  }
  return path;
}
