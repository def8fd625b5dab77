import type { CheckResult } from '../src/report/types.js';

/** How often the lines are redrawn at most while nothing else is printed. */
const REDRAW_MS = 100;

interface Progress {
  running: number;
  done: number;
  failing: number;
}

/**
 * A line per capability with scenarios under way (checks done, failures so far), kept under the
 * streamed output of a terminal and redrawn in place. Whoever prints above it clears it first and
 * draws it again after.
 */
export class LiveStatus {
  private readonly progress = new Map<string, Progress>();
  /** How many lines are on the screen now. */
  private drawn = 0;
  private timer?: NodeJS.Timeout;
  private ended = false;

  constructor(
    private readonly write: (s: string) => void,
    /** The terminal's width: a line that wrapped would be erased short. */
    private readonly columns: number,
  ) {}

  started(capability: string): void {
    this.of(capability).running += 1;
    this.soon();
  }

  finished(capability: string, results: readonly CheckResult[]): void {
    const p = this.of(capability);
    p.running = Math.max(0, p.running - 1);
    p.done += results.length;
    p.failing += results.filter((r) => r.verdict === 'fail' || r.verdict === 'error').length;
    this.soon();
  }

  /** Takes the lines off the screen, so output can go where they were. */
  clear(): void {
    if (this.drawn > 0) this.write(`\x1b[${this.drawn}A\r\x1b[J`);
    this.drawn = 0;
  }

  draw(): void {
    this.clear();
    if (this.ended) return;
    const lines = [...this.progress]
      .filter(([, p]) => p.running > 0)
      .map(([capability, p]) => {
        const failing = p.failing ? `, ${p.failing} failing` : '';
        return `  … ${capability}: ${p.done} checks done${failing}, ${p.running} scenario(s) under way`;
      })
      .map((line) => (line.length < this.columns ? line : `${line.slice(0, Math.max(0, this.columns - 2))}…`));
    if (lines.length) this.write(`${lines.join('\n')}\n`);
    this.drawn = lines.length;
  }

  /** The run is over: the lines go, and no redraw is left waiting. */
  end(): void {
    this.ended = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.clear();
  }

  private of(capability: string): Progress {
    let p = this.progress.get(capability);
    if (!p) {
      p = { running: 0, done: 0, failing: 0 };
      this.progress.set(capability, p);
    }
    return p;
  }

  private soon(): void {
    if (this.timer || this.ended) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.draw();
    }, REDRAW_MS);
    this.timer.unref();
  }
}
