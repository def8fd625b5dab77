/**
 * How many requests go to one origin at once, adapted to how it answers. A business in the field
 * may answer one request at a time: sixteen sent together wait in its queue, and those at the back
 * time out, different ones each run. So each origin starts with a few at once, takes one more with
 * every answer that comes as fast as the fastest did (give or take), and backs off when answers
 * slow down, by half on a timeout. A request waits for its turn here, before its timeout starts.
 */
export class OriginLimit {
  /** Requests allowed at once; fractional, so that it grows by one a round once past its start. */
  private limit: number;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  /** The fastest whole answer seen, in milliseconds. */
  private fastest = Number.POSITIVE_INFINITY;
  /** Until the first slow answer, the limit grows by one an answer; after it, by one a round. */
  private slowStart = true;
  /** The lowest the limit went after backing off, if it ever did. */
  private lowestAfterBackoff?: number;
  private timeouts = 0;

  constructor(
    /** The most at once: `--concurrency`. */
    private readonly max: number,
    /** How much slower than the fastest an answer may be before it counts as slowing down. */
    private readonly slack: { factor: number; ms: number },
  ) {
    this.limit = Math.min(START, max);
  }

  /**
   * Waits for a turn, first come first served, and returns the call that gives it back with how
   * the request went. When `cut` aborts first, no turn was taken: the call does nothing.
   */
  async turn(cut?: AbortSignal): Promise<(outcome: Outcome) => void> {
    if (this.waiting.length === 0 && this.inFlight < Math.floor(this.limit)) this.inFlight += 1;
    else if (!(await this.queue(cut))) return () => {};
    let given = false;
    return (outcome) => {
      if (given) return;
      given = true;
      this.inFlight -= 1;
      this.learn(outcome);
      this.grant();
    };
  }

  /** Resolves true once a turn is handed over, false when `cut` aborts first. */
  private queue(cut: AbortSignal | undefined): Promise<boolean> {
    return new Promise((resolve) => {
      if (cut?.aborted) return resolve(false);
      const waiter = () => {
        cut?.removeEventListener('abort', onCut);
        resolve(true);
      };
      const onCut = () => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(false);
      };
      this.waiting.push(waiter);
      cut?.addEventListener('abort', onCut, { once: true });
    });
  }

  /** Hands the free turns to those waiting, in the order they came. */
  private grant(): void {
    while (this.waiting.length > 0 && this.inFlight < Math.floor(this.limit)) {
      this.inFlight += 1;
      this.waiting.shift()?.();
    }
  }

  private learn(outcome: Outcome): void {
    if (outcome === 'timeout') {
      this.timeouts += 1;
      this.backOff(this.limit / 2);
      return;
    }
    if (outcome === 'other') return;
    this.fastest = Math.min(this.fastest, outcome.ms);
    const holds = outcome.ms <= Math.max(this.fastest * this.slack.factor, this.fastest + this.slack.ms);
    if (!holds) this.backOff(this.limit * BACKOFF);
    else this.limit = Math.min(this.max, this.limit + (this.slowStart ? 1 : 1 / this.limit));
  }

  private backOff(to: number): void {
    this.slowStart = false;
    this.limit = Math.max(1, to);
    this.lowestAfterBackoff = Math.min(this.lowestAfterBackoff ?? this.max, Math.floor(this.limit));
  }

  /** How the origin slowed the run, if it did: the fewest requests at once it came down to, and the timeouts. */
  get slowed(): { lowest: number; timeouts: number } | undefined {
    if (this.lowestAfterBackoff === undefined || this.lowestAfterBackoff >= this.max) return undefined;
    return { lowest: this.lowestAfterBackoff, timeouts: this.timeouts };
  }
}

/** How a request went: a whole answer in `ms` on the wire, a timeout, or anything else (not learned from). */
export type Outcome = { ms: number } | 'timeout' | 'other';

/** Requests at once to an origin before it has answered any: few, for a business that answers one at a time. */
const START = 2;
/** The limit after an answer slower than the fastest allows. */
const BACKOFF = 0.9;
