import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

interface Draws {
  seed: string;
  scenario: string;
  count: number;
}

const current = new AsyncLocalStorage<Draws>();

/** Runs a scenario with its own sequence of draws: the same seed and scenario give the same values. */
export function withDraws<T>(seed: string, scenario: string, run: () => Promise<T>): Promise<T> {
  return current.run({ seed, scenario, count: 0 }, run);
}

/**
 * Eight characters a scenario makes up (an id no business has issued): drawn from the run's seed,
 * the scenario and how many it drew before, so a regrade of a recorded run sends what the run
 * sent, whatever order concurrent scenarios ran in. Outside a scenario, at random.
 */
export function draw(): string {
  const d = current.getStore();
  if (!d) return Math.random().toString(36).slice(2, 10);
  d.count += 1;
  return createHash('sha256').update(`${d.seed}|${d.scenario}|${d.count}`).digest('hex').slice(0, 8);
}
