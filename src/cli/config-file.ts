import { dirname, resolve } from 'node:path';
import type { RunConfig } from '../config/config.js';
import { UsageError } from '../errors.js';
import { readJsonFile } from '../json-file.js';
import { OPERATIONS } from '../protocol/operations.js';
import { OPERATIONS_WITH_BODY } from '../protocol/recipes.js';

/**
 * Reads `--config FILE`: every `${VAR}` in its strings replaced from the environment, its schema,
 * the operation names it holds against the operations table, and its file paths made relative to
 * the file's own folder, wherever the run is started from.
 */
export async function loadConfig(file: string, env: NodeJS.ProcessEnv = process.env): Promise<RunConfig> {
  return (await readConfig(file, env)).config;
}

/**
 * The config and the members it still marks TODO (as `init` writes them): those are left out, so
 * the checks that need them are not-tested, never failed.
 */
export async function readConfig(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ config: RunConfig; todos: string[] }> {
  const todos: string[] = [];
  const config = await readJsonFile<RunConfig>(file, 'config', 'config.schema.json', (data) =>
    withoutTodos(expandEnv(data, env, file, '$'), '$', todos),
  );
  const here = dirname(resolve(file));
  const near = (p: string | undefined) => (p === undefined ? undefined : resolve(here, p));
  if (config.tls)
    config.tls = {
      ...config.tls,
      ...(config.tls.ca_file ? { ca_file: near(config.tls.ca_file) } : {}),
      ...(config.tls.cert_file ? { cert_file: near(config.tls.cert_file) } : {}),
      ...(config.tls.key_file ? { key_file: near(config.tls.key_file) } : {}),
    };
  if (config.signing?.key_file) config.signing = { ...config.signing, key_file: near(config.signing.key_file) };
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
  return { config, todos };
}

/** `${NAME}` in a string of the config; `$${NAME}` stays as written, less one `$`. */
const REFERENCE = /\$?\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Replaces every `${NAME}` in the config's strings (member names left alone); an unset one is a usage error. */
function expandEnv(node: unknown, env: NodeJS.ProcessEnv, file: string, path: string): unknown {
  if (typeof node === 'string')
    return node.replace(REFERENCE, (whole, name: string) => {
      if (whole.startsWith('$$')) return whole.slice(1);
      const value = env[name];
      if (value === undefined)
        throw new UsageError(`config ${file}: ${path} names \${${name}}, which is not set in the environment`);
      return value;
    });
  if (Array.isArray(node)) return node.map((n, i) => expandEnv(n, env, file, `${path}[${i}]`));
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      expandEnv(v, env, file, /^\w+$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`),
    ]),
  );
}

/** A value `init` left for the user to fill in. */
const TODO = /^TODO\(/;

/** The document less every member (and array element) still marked TODO, whose paths go to `found`. */
function withoutTodos(node: unknown, path: string, found: string[]): unknown {
  if (typeof node === 'string' && TODO.test(node)) return undefined;
  if (Array.isArray(node)) {
    const kept = node.filter((n, i) => {
      const out = typeof n === 'string' && TODO.test(n);
      if (out) found.push(`${path}[${i}]`);
      return !out;
    });
    return kept.map((n, i) => withoutTodos(n, `${path}[${i}]`, found));
  }
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    const at = /^\w+$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`;
    if (typeof v === 'string' && TODO.test(v)) found.push(at);
    else out[k] = withoutTodos(v, at, found);
  }
  return out;
}
