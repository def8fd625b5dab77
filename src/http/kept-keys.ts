import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { UsageError } from '../errors.js';
import { canonicalJson } from '../protocol/canonical.js';
import { operation, OPERATIONS, type Service } from '../protocol/operations.js';
import { isSuccess, type Exchange } from '../report/exchange.js';
import { agentHeaderValue } from './agent-header.js';

/**
 * The kept keys (`--keep-keys FILE`): the idempotent requests a run sent, as sent, with the result
 * each got, so a later run (`--replay-from FILE`) can send each again under its key and see
 * whether the business still holds the result (Document 1 §Limits: "stores the key with the
 * result for at least 24 hours").
 *
 * Why a store of its own: every report and record is redacted, and a replay needs the body as
 * sent (a complete's carries the payment token). So this is the one file the tool writes
 * unredacted: mode 0600, never printed, and read back only to be sent to the same business.
 * Of each result only the status, the resource id and a digest are kept: enough to tell the
 * stored result from a new one, without writing what the business answered.
 *
 * Kept: the 2xx answers to create, update and complete requests that carried an Idempotency-Key,
 * sent as the run's own platform (keys are held per platform), once per key. Not kept: cancels,
 * whose idempotency is only advised (IDEM-009), refusals (a 4xx replays as a 4xx, stored or
 * not), and the replays of an earlier store (their clock would restart).
 */
export interface KeptKeys {
  keptKeysVersion: 1;
  /** What the file holds, for whoever finds it. */
  note: string;
  /** The URL the run was given. */
  target: string;
  /** The platform profile the requests named (Proto-Agent): a replay must name the same one. */
  platform: string;
  requests: KeptRequest[];
}

export interface KeptRequest {
  /** Operation name from the operations table (`cart.create`). */
  operation: string;
  method: string;
  /** Relative to the service endpoint, as the operation's path with its id filled in. */
  path: string;
  /** The path's `{id}`, when it has one. */
  id?: string;
  idempotencyKey: string;
  /** The body bytes as sent, unredacted. */
  body: string;
  /** When it was sent (ISO 8601): the age a replay judges by. A test may set it back to age the store. */
  sentAt: string;
  /** The stored result, as answered then: its status, the resource's id and a SHA-256 of its body as JSON. */
  status: number;
  resourceId?: string;
  resultSha256: string;
}

export const KEPT_KEYS_NOTE =
  'Requests as sent by proto-conformance, bodies unredacted (payment tokens included): keep this file private, and delete it once replayed.';

/** The operations whose keyed requests are kept: create, update and complete; cancels only advise keys. */
export const KEPT_OPERATIONS: ReadonlySet<string> = new Set(
  OPERATIONS.filter((o) => o.idempotency === 'required' && !o.name.endsWith('.cancel')).map((o) => o.name),
);

/** The scenario that replays a store: its requests are never kept again. */
export const REPLAY_SCENARIO = 'idempotency.retention';

/** The digest a result is compared by: its body as JSON (member order has no meaning), else its bytes. */
export function resultDigest(x: Pick<Exchange, 'json' | 'responseBody'>): string {
  const text = x.json !== undefined ? canonicalJson(x.json) : (x.responseBody ?? '');
  return createHash('sha256').update(text).digest('base64');
}

/** The id of the resource an answer carries, at the top of its body. */
export function resultId(x: Pick<Exchange, 'json'>): string | undefined {
  const json = x.json as Record<string, unknown> | undefined;
  return typeof json === 'object' && json !== null && typeof json.id === 'string' ? json.id : undefined;
}

const header = (x: Exchange, name: string) =>
  Object.entries(x.requestHeaders).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

/** The kept keys of a run's log (raw, as sent): see KeptKeys for what is kept. */
export function keptKeysOf(
  log: readonly Exchange[],
  /** The target as the run used it: the URL given, the agent header's name, and each service's endpoint. */
  target: { url: string; agentHeader: string; endpointOf: (service: Service) => string | undefined },
  platform: string,
): KeptKeys {
  const agent = agentHeaderValue(platform);
  const seen = new Set<string>();
  const requests: KeptRequest[] = [];
  for (const x of log) {
    const key = header(x, 'Idempotency-Key');
    if (!KEPT_OPERATIONS.has(x.operation) || key === undefined || x.requestBody === undefined) continue;
    if (x.role === 'cleanup' || x.scenario === REPLAY_SCENARIO || !isSuccess(x)) continue;
    if (header(x, target.agentHeader) !== agent) continue;
    const op = operation(x.operation);
    const endpoint = target.endpointOf(op.service);
    if (!endpoint || !x.url.startsWith(endpoint)) continue;
    const path = x.url.slice(endpoint.length);
    // The first request under a key is the one the result was stored for; a later one is its replay.
    const slot = JSON.stringify([x.operation, path, key]);
    if (seen.has(slot)) continue;
    seen.add(slot);
    const id = idIn(op.path, path);
    const resourceId = resultId(x);
    requests.push({
      operation: x.operation,
      method: x.method,
      path,
      ...(id !== undefined ? { id } : {}),
      idempotencyKey: key,
      body: x.requestBody,
      sentAt: x.startedAt,
      status: x.status as number,
      ...(resourceId !== undefined ? { resourceId } : {}),
      resultSha256: resultDigest(x),
    });
  }
  return { keptKeysVersion: 1, note: KEPT_KEYS_NOTE, target: target.url, platform, requests };
}

/** The `{id}` of a path made from a pattern (`/carts/{id}`), decoded. */
function idIn(pattern: string, path: string): string | undefined {
  const at = pattern.indexOf('{id}');
  if (at < 0) return undefined;
  const tail = pattern.slice(at + 4);
  const raw = path.slice(at, tail ? path.length - tail.length : undefined);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * `--replay-from FILE`: the store a `--keep-keys` run wrote. Any problem is one usage line naming
 * the file and the member, never quoting what it holds (a body may carry a payment token).
 */
export async function readKeptKeys(file: string): Promise<KeptKeys> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(
      `--replay-from ${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UsageError(`--replay-from ${file}: not JSON; expected the file a run with --keep-keys wrote`);
  }
  const problem = problemOf(data);
  if (problem)
    throw new UsageError(`--replay-from ${file}: ${problem}; expected the file a run with --keep-keys wrote`);
  return data as KeptKeys;
}

/** What keeps a parsed document from being a store, or undefined. Names members, never values. */
function problemOf(data: unknown): string | undefined {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObj(data)) return 'not a JSON object';
  if (data.keptKeysVersion !== 1) return 'keptKeysVersion is not 1';
  for (const m of ['target', 'platform'] as const) if (typeof data[m] !== 'string') return `${m} is not a string`;
  if (!Array.isArray(data.requests)) return 'requests is not an array';
  for (const [i, r] of data.requests.entries()) {
    const at = `requests[${i}]`;
    if (!isObj(r)) return `${at} is not an object`;
    if (typeof r.operation !== 'string' || !KEPT_OPERATIONS.has(r.operation))
      return `${at}.operation is not a create, update or complete operation`;
    for (const m of ['method', 'path', 'idempotencyKey', 'body', 'resultSha256'] as const)
      if (typeof r[m] !== 'string') return `${at}.${m} is not a string`;
    if (typeof r.sentAt !== 'string' || Number.isNaN(Date.parse(r.sentAt))) return `${at}.sentAt is not a time`;
    if (!Number.isInteger(r.status)) return `${at}.status is not a whole number`;
    for (const m of ['id', 'resourceId'] as const)
      if (r[m] !== undefined && typeof r[m] !== 'string') return `${at}.${m} is not a string`;
    if (operation(r.operation).path.includes('{id}') && typeof r.id !== 'string') return `${at}.id is missing`;
  }
  return undefined;
}
