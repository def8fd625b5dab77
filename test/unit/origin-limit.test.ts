import { describe, expect, it } from 'vitest';
import { OriginLimit } from '../../src/http/origin-limit.js';

const SLACK = { factor: 2, ms: 50 };

/** Takes turns until `n` are under way; the ones waiting are counted as they get theirs. */
async function underWay(limit: OriginLimit, n: number) {
  const got: (() => void)[] = [];
  const turns = Array.from({ length: n }, () => limit.turn().then((done) => got.push(() => done({ ms: 10 }))));
  await new Promise((r) => setTimeout(r, 0));
  return { got, turns };
}

describe('how many requests go to one origin at once', () => {
  it('starts at a few, and grows by one with every answer as fast as the fastest, up to the most allowed', async () => {
    const limit = new OriginLimit(16, SLACK);
    const first = await underWay(limit, 6);
    expect(first.got).toHaveLength(2);
    // Each answer in time frees its turn and adds one: the four waiting all go.
    for (const done of first.got.splice(0, 2)) done();
    await new Promise((r) => setTimeout(r, 0));
    expect(first.got).toHaveLength(4);
    for (const done of first.got.splice(0)) done();
    await Promise.all(first.turns);
    for (const done of first.got.splice(0)) done();
    expect(limit.slowed).toBeUndefined();
  });

  it('backs off when answers slow down, by half on a timeout, never below one, and says so', async () => {
    const limit = new OriginLimit(16, SLACK);
    for (const ms of [100, 100, 100, 100]) (await limit.turn())({ ms });
    // Slower than twice the fastest and 50 ms more: a tenth off; a timeout: half.
    (await limit.turn())({ ms: 400 });
    (await limit.turn())('timeout');
    for (let i = 0; i < 6; i++) (await limit.turn())('timeout');
    expect(limit.slowed).toEqual({ lowest: 1, timeouts: 7 });
    const { got } = await underWay(limit, 3);
    expect(got).toHaveLength(1);
  });

  it('hands turns out first come, first served, and lets a stopped wait go without one', async () => {
    const limit = new OriginLimit(1, SLACK);
    const order: string[] = [];
    const held = await limit.turn();
    const cut = new AbortController();
    const noted = (name: string) => (done: (o: { ms: number }) => void) => {
      order.push(name);
      return done;
    };
    const a = limit.turn().then(noted('a'));
    const b = limit.turn(cut.signal).then(noted('b'));
    const c = limit.turn().then(noted('c'));
    cut.abort();
    await b;
    held({ ms: 10 });
    (await a)({ ms: 10 });
    (await c)({ ms: 10 });
    expect(order).toEqual(['b', 'a', 'c']);
  });
});
