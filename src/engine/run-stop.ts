import { setMaxListeners } from 'node:events';
import type { RunStopped } from '../report/run-report.js';

/** How long clean-up may go on after a stop: cancelling what the run created, never judging. */
export const CLEANUP_GRACE_MS = 5000;

/**
 * When a run stops early: on an interruption (the signal the caller aborts with, `SIGINT` or
 * `SIGTERM`) or at its deadline. From then on no request but clean-up starts (`halt`); the
 * requests under way may finish, so the run knows what it created and can cancel it. `grace` cuts
 * off whatever is still under way CLEANUP_GRACE_MS after the stop, so a business that hangs still
 * ends the run in bounded time.
 */
export class RunStop {
  private readonly halting = new AbortController();
  private readonly cleanup = new AbortController();
  private timers: NodeJS.Timeout[] = [];
  /** When the deadline falls (performance.now()), if there is one. */
  private readonly endsAt?: number;
  /** Why the run stopped; undefined while it goes on. */
  reason?: RunStopped;

  constructor(opts: { deadlineMs?: number; interrupt?: AbortSignal } = {}) {
    const { deadlineMs, interrupt } = opts;
    // Every request under way and every wait listens for the stop: as many as the run's concurrency.
    setMaxListeners(0, this.halting.signal, this.cleanup.signal);
    if (deadlineMs !== undefined) {
      this.endsAt = performance.now() + deadlineMs;
      const timer = setTimeout(
        () => this.stop({ reason: 'deadline', deadlineMs, message: `the run's deadline of ${deadlineMs} ms passed` }),
        deadlineMs,
      );
      timer.unref();
      this.timers.push(timer);
    }
    if (interrupt) {
      const onAbort = () => {
        const signal = typeof interrupt.reason === 'string' ? interrupt.reason : 'an interruption';
        this.stop({ reason: 'interrupted', signal, message: `the run was interrupted by ${signal}` });
      };
      if (interrupt.aborted) onAbort();
      else interrupt.addEventListener('abort', onAbort, { once: true });
    }
  }

  /** What is left of the run before its deadline, in milliseconds: a wait longer than this is not begun. */
  get remainingMs(): number {
    return this.endsAt === undefined ? Number.POSITIVE_INFINITY : Math.max(0, this.endsAt - performance.now());
  }

  /** Aborted when the run stops: no request but clean-up starts, and no retry waits. */
  get halt(): AbortSignal {
    return this.halting.signal;
  }

  /** Aborted when the grace after a stop is over: every request under way is cut off. */
  get grace(): AbortSignal {
    return this.cleanup.signal;
  }

  stop(reason: RunStopped): void {
    if (this.reason) return;
    this.reason = reason;
    this.halting.abort(reason.message);
    const timer = setTimeout(() => this.cleanup.abort(reason.message), CLEANUP_GRACE_MS);
    timer.unref();
    this.timers.push(timer);
  }

  /** The run is over: no timer keeps it waiting. */
  dispose(): void {
    for (const t of this.timers) clearTimeout(t);
  }
}
