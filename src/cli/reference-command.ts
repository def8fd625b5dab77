import { readFile, writeFile } from 'node:fs/promises';
import { PROTO_DIALECT } from '../dialect/dialect.js';
import { loadDialect } from '../dialect/load.js';
import { CORPUS_FAULTS } from '../corpus/index.js';
import { FAULTS, isFaultName, type FaultName } from '../reference/faults.js';
import { clash, isVariationName, VARIATIONS, type VariationName } from '../reference/variations.js';
import { referenceRunConfig } from '../reference/run-config.js';
import { startReferenceBusiness } from '../reference/server.js';
import { generateSigningKey } from '../platform/signing-key.js';
import { UsageError } from '../errors.js';
import { EXIT } from '../report/exit-code.js';
import { SERVICES, type Service } from '../protocol/operations.js';

export interface ReferenceCommandOptions {
  port: string;
  fault: string[];
  variation: string[];
  listFaults?: boolean;
  listVariations?: boolean;
  json?: boolean;
  writeConfig?: string;
  dialect?: string;
  services?: string;
  tlsCert?: string;
  tlsKey?: string;
  latency?: string;
  jitter?: string;
  rateLimit?: string;
  oneAtATime?: boolean;
  createLimit?: string;
}

/** `reference-server`: lists faults or variations, writes the run config, or serves until SIGINT/SIGTERM. */
export async function referenceCommand(
  opts: ReferenceCommandOptions,
  out: (s: string) => void,
): Promise<number | 'serving'> {
  if (opts.listFaults) {
    const listed = CORPUS_FAULTS.map((f) => ({
      name: f.name,
      capability: f.capability,
      description: f.description,
      expect: [...f.breaks],
      fails: [...f.fails],
      skips: [...(f.skips ?? [])],
      needs: [...(f.needs ?? [])],
    }));
    out(
      opts.json
        ? `${JSON.stringify(listed, null, 2)}\n`
        : listed
            .map((f) => `${f.name.padEnd(34)} ${f.capability.padEnd(26)} ${f.description} [${f.expect.join(', ')}]\n`)
            .join(''),
    );
    return EXIT.ok;
  }
  if (opts.listVariations) {
    out(
      opts.json
        ? `${JSON.stringify(
            VARIATIONS.map(({ name, capability, description, permitted_by }) => ({
              name,
              capability,
              description,
              permitted_by,
            })),
            null,
            2,
          )}\n`
        : VARIATIONS.map(
            (v) =>
              `${v.name.padEnd(34)} ${v.capability.padEnd(26)} ${v.description}\n${' '.repeat(35)}permitted by ${v.permitted_by}\n`,
          ).join(''),
    );
    return EXIT.ok;
  }
  const faults = opts.fault.map((name) => {
    if (!isFaultName(name)) throw new UsageError(`--fault ${name}: no such fault (see --list-faults)`);
    return name as FaultName;
  });
  const named = opts.variation.map((name) => {
    if (!isVariationName(name)) throw new UsageError(`--variation ${name}: no such variation (see --list-variations)`);
    return name as VariationName;
  });
  // A fault that needs a variation to have something to break (auth faults need auth) brings it.
  const needed = faults.flatMap(
    (f) => (FAULTS.find((x) => x.name === f) as { needs?: readonly string[] }).needs ?? [],
  ) as VariationName[];
  const variations = [...new Set([...named, ...needed])];
  for (const v of variations) {
    const other = (VARIATIONS.find((x) => x.name === v) as { conflicts?: string[] }).conflicts?.find((c) =>
      (variations as string[]).includes(c),
    );
    if (other) throw new UsageError(`--variation ${v} cannot be on together with ${other}`);
    for (const f of faults) {
      const why = clash(f, v);
      if (why) throw new UsageError(why);
    }
  }
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port ${opts.port}: expected 0-65535`);
  const services = parseServices(opts.services);
  const field = {
    latencyMs: wholeNumber('--latency', opts.latency),
    jitterMs: wholeNumber('--jitter', opts.jitter),
    rateLimit: wholeNumber('--rate-limit', opts.rateLimit, 1),
    serial: !!opts.oneAtATime,
    createLimit: opts.createLimit === undefined ? undefined : perWindow(opts.createLimit),
  };
  const dialect = opts.dialect ? await loadDialect(opts.dialect) : PROTO_DIALECT;
  if (!opts.tlsCert !== !opts.tlsKey) throw new UsageError('--tls-cert and --tls-key go together');
  let tls: { cert: string; key: string } | undefined;
  if (opts.tlsCert && opts.tlsKey) {
    try {
      tls = { cert: await readFile(opts.tlsCert, 'utf8'), key: await readFile(opts.tlsKey, 'utf8') };
    } catch (err) {
      throw new UsageError(
        `--tls-cert/--tls-key: cannot read them (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      );
    }
  }
  let business: Awaited<ReturnType<typeof startReferenceBusiness>>;
  try {
    business = await startReferenceBusiness({ port, faults, variations, dialect, tls, services, field });
  } catch (err) {
    throw new UsageError(`cannot listen on 127.0.0.1:${port}: ${(err as Error).message}`);
  }
  // Written once listening: the config names the origins the services live on.
  if (opts.writeConfig) {
    try {
      const config = referenceRunConfig(variations, business);
      // A business that requires signatures needs a platform key: written beside the config.
      if (config.signing) {
        const keyFile = `${opts.writeConfig.replace(/\.json$/, '')}.signing-key.json`;
        await writeFile(keyFile, `${JSON.stringify(generateSigningKey().private, null, 2)}\n`, { mode: 0o600 });
        config.signing.key_file = keyFile;
      }
      await writeFile(opts.writeConfig, `${JSON.stringify(config, null, 2)}\n`);
    } catch (err) {
      await business.close();
      throw new UsageError(`cannot write ${opts.writeConfig}: ${(err as Error).message}`);
    }
  }
  out(`${business.url}\n`);
  const stop = () => void business.close().then(() => process.exit(EXIT.ok));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 'serving';
}

/** A whole-number flag at least `min`, or undefined when not given. */
function wholeNumber(flag: string, value: string | undefined, min = 0): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${flag} ${value}: expected a whole number ≥ ${min}`);
  return n;
}

/** `--create-limit 20/60`: at most 20 creates in 60 seconds. */
function perWindow(value: string): { count: number; windowMs: number } {
  const m = /^(\d+)\/(\d+)$/.exec(value.trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
    throw new UsageError(`--create-limit ${value}: expected N/S, at most N creates in S seconds (e.g. 20/60)`);
  return { count: Number(m[1]), windowMs: Number(m[2]) * 1000 };
}

/** `--services shopping,common`: each named once, each a service of the spec. */
function parseServices(list: string | undefined): Service[] {
  if (list === undefined) return [...SERVICES];
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UsageError(`--services: name at least one of ${SERVICES.join(', ')}`);
  for (const name of names) {
    if (!(SERVICES as readonly string[]).includes(name))
      throw new UsageError(`--services ${name}: no such service; known: ${SERVICES.join(', ')}`);
  }
  return [...new Set(names)] as Service[];
}
