/**
 * What a business's rate limiting implies, per origin: how many requests it answered before it
 * asked the run to wait, and how long it asked. A business allowing 20 creates a minute lets a run
 * through for a while and then asks for most of a minute; the rate it allows is what it answered
 * over that whole stretch, the wait included. When a wait does not fit in what is left of the run,
 * the run says so and names `--rate-limit` at that rate, so the next run never meets the limit.
 */
export class ImpliedRates {
  /** Per origin: since when (performance.now()) answers are counted, and how many came. */
  private readonly stretch = new Map<string, { from: number; answered: number }>();
  /** Per origin: the lowest rate its answers implied, the longest wait asked, and the waits not taken. */
  private readonly seen = new Map<string, { rate: number; longestMs: number; notWaited: number }>();

  /** An answer that was not a refusal to wait. */
  answered(origin: string): void {
    this.stretchOf(origin).answered += 1;
  }

  /** A 429 or 503 asking to wait `waitMs`; `waited`: whether the run could wait that long. */
  limited(origin: string, waitMs: number, waited: boolean): void {
    const now = performance.now();
    const s = this.stretchOf(origin);
    const seconds = (now - s.from + waitMs) / 1000;
    const rate = s.answered > 0 && seconds > 0 ? s.answered / seconds : Number.POSITIVE_INFINITY;
    const was = this.seen.get(origin);
    this.seen.set(origin, {
      rate: Math.min(was?.rate ?? Number.POSITIVE_INFINITY, rate),
      longestMs: Math.max(was?.longestMs ?? 0, waitMs),
      notWaited: (was?.notWaited ?? 0) + (waited ? 0 : 1),
    });
    // The next stretch starts when the wait ends.
    this.stretch.set(origin, { from: now + waitMs, answered: 0 });
  }

  private stretchOf(origin: string): { from: number; answered: number } {
    let s = this.stretch.get(origin);
    if (!s) {
      s = { from: performance.now(), answered: 0 };
      this.stretch.set(origin, s);
    }
    return s;
  }

  /** For each origin whose wait the run could not take: what it asked, and the --rate-limit that avoids it. */
  notices(): string[] {
    return [...this.seen]
      .filter(([, s]) => s.notWaited > 0)
      .map(([origin, s]) => {
        const rate = Number.isFinite(s.rate) ? rateFlag(s.rate) : undefined;
        return (
          `${origin} limits the run's pace: ${s.notWaited} time(s) it asked to wait (429 or 503, up to ${Math.ceil(s.longestMs / 1000)} s) when the run could not, for lack of time before its deadline or after ${MAX_WAITS} waits for one request, and the checks those requests were for are not-tested` +
          (rate
            ? `; its answers imply about ${rate} requests a second: run with --rate-limit ${rate}, and a --deadline long enough for it`
            : '; run with --rate-limit, and a --deadline long enough for it')
        );
      });
  }
}

/** Waits for one request at most (the client's MAX_RETRIES), said in the notice. */
export const MAX_WAITS = 5;

/** A rate for `--rate-limit`: two significant digits, rounded down, so that it stays under the limit. */
export function rateFlag(perSecond: number): string {
  const digits = Math.max(0, 1 - Math.floor(Math.log10(perSecond)));
  const factor = 10 ** digits;
  return String(Math.max(1 / factor, Math.floor(perSecond * factor) / factor));
}
