import type { Exchange } from '../report/exchange.js';

/** What a transcript keeps of an exchange: the JSON report's form of it. */
export type RecordedExchange = Pick<
  Exchange,
  | 'seq'
  | 'operation'
  | 'method'
  | 'url'
  | 'scenario'
  | 'role'
  | 'status'
  | 'responseHeaders'
  | 'responseBody'
  | 'transportError'
>;

/**
 * A recorded run's answers, handed out again to the requests of a regrade, without contacting the
 * business. A request gets the answer to the same request of the same scenario (same operation,
 * method and role, in order); failing that, the first such answer not yet given to any scenario,
 * because shared fixtures belong to whichever scenario asked first.
 */
export class Transcript {
  private readonly given = new Set<number>();
  private readonly byScenario = new Map<string, RecordedExchange[]>();
  private readonly byRequest = new Map<string, RecordedExchange[]>();

  constructor(exchanges: readonly RecordedExchange[]) {
    for (const x of [...exchanges].sort((a, b) => a.seq - b.seq)) {
      push(this.byScenario, `${x.scenario ?? ''}|${request(x)}`, x);
      push(this.byRequest, request(x), x);
    }
  }

  answer(req: { scenario?: string; operation: string; method: string; role?: string }): RecordedExchange | undefined {
    const asked = request(req);
    const found =
      this.byScenario.get(`${req.scenario ?? ''}|${asked}`)?.find((x) => !this.given.has(x.seq)) ??
      this.byRequest.get(asked)?.find((x) => !this.given.has(x.seq));
    if (found) this.given.add(found.seq);
    return found;
  }
}

const request = (x: { operation: string; method: string; role?: string }) =>
  `${x.operation}|${x.method}|${x.role ?? ''}`;

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
