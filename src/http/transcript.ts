import type { Exchange, Handshake } from '../report/exchange.js';
import type { HostedPlatform } from '../report/run-report.js';
import { REDACTED } from './redact.js';

/** What a transcript keeps of an exchange: the JSON report's form of it. */
export type RecordedExchange = Pick<
  Exchange,
  | 'seq'
  | 'operation'
  | 'method'
  | 'url'
  | 'requestHeaders'
  | 'requestBody'
  | 'scenario'
  | 'role'
  | 'status'
  | 'responseHeaders'
  | 'responseBody'
  | 'transportError'
>;

/**
 * What a regrade judges again, as a record holds it: the exchanges, and what the run saw outside
 * its log (the TLS handshakes it made, the platform profiles it hosted and the business's fetches).
 */
export interface RecordedRun {
  exchanges: readonly RecordedExchange[];
  handshakes?: readonly Handshake[];
  platform?: HostedPlatform;
}

/** A request of a regrade, as it would go on the wire. */
export interface AskedRequest {
  scenario?: string;
  operation: string;
  method: string;
  role?: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * A recorded run's answers, handed out again to the requests of a regrade, without contacting the
 * business. A request gets the answer to the same request: the same operation, method and role,
 * sent to the same URL with the same headers (but those that differ from run to run) and the same
 * body, of the same scenario, the first not yet given in the order the scenario sent them (a Get
 * before and after an update, a replay after its original, a tampered signature after the control).
 * Failing that, the same request of another scenario, because a shared fixture is fetched by
 * whichever scenario asks first. A request the record does not hold gets no answer: two searches
 * of one operation with other queries are two requests, and one's answer never judges the other.
 */
export class Transcript {
  private readonly given = new Set<number>();
  private readonly byRequest = new Map<string, RecordedExchange[]>();
  private readonly handshakes: Handshake[];

  constructor(recorded: RecordedRun) {
    for (const x of [...recorded.exchanges].sort((a, b) => a.seq - b.seq)) push(this.byRequest, request(x), x);
    this.handshakes = [...(recorded.handshakes ?? [])];
  }

  /** The recorded plain TLS handshake with this URL, each given once, in the order they were made. */
  handshake(url: string): Handshake | undefined {
    const i = this.handshakes.findIndex((h) => h.url === url);
    return i < 0 ? undefined : this.handshakes.splice(i, 1)[0];
  }

  answer(req: AskedRequest): RecordedExchange | undefined {
    const same = (this.byRequest.get(request(req)) ?? []).filter(
      (x) =>
        !this.given.has(x.seq) &&
        sent(x.url, req.url) &&
        sent(x.requestBody, req.body) &&
        sameHeaders(x.requestHeaders ?? {}, req.headers),
    );
    const found = same.find((x) => (x.scenario ?? '') === (req.scenario ?? '')) ?? same[0];
    if (found) this.given.add(found.seq);
    return found;
  }
}

const request = (x: { operation: string; method: string; role?: string }) =>
  `${x.operation}|${x.method}|${x.role ?? ''}`;

/**
 * Headers whose values are new on every request or every version of the checker (an id, a key, a
 * signature over the time), or that say how to answer rather than what is asked.
 */
const VOLATILE = new Set([
  'request-id',
  'idempotency-key',
  // Over the body as sent, secrets and all, where the record has them redacted: the body is compared instead.
  'content-digest',
  'signature',
  'signature-input',
  'user-agent',
  'accept',
  'accept-encoding',
]);

/** The same headers, names in any case, those that differ from run to run apart; values as `sent` compares them. */
function sameHeaders(recorded: Record<string, string>, asked: Record<string, string>): boolean {
  const kept = (h: Record<string, string>) =>
    new Map(
      Object.entries(h)
        .map(([k, v]) => [k.toLowerCase(), v] as const)
        .filter(([k]) => !VOLATILE.has(k)),
    );
  const [a, b] = [kept(recorded), kept(asked)];
  return a.size === b.size && [...a].every(([k, v]) => b.has(k) && sent(v, b.get(k)));
}

/**
 * Whether a recorded URL, body or header is what the regrade sends. The record was redacted as every
 * output is: a secret it hid stands for whatever the regrade sends in its place.
 */
function sent(recorded: string | undefined, asked: string | undefined): boolean {
  if (recorded === undefined || asked === undefined) return recorded === asked;
  if (!recorded.includes(REDACTED)) return recorded === asked;
  const parts = recorded.split(REDACTED).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]*?')}$`).test(asked);
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
