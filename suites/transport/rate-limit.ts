import { advertises } from '../../src/discovery/target.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { scenario } from '../../src/engine/suite.js';
import { isErrorResponse } from '../../src/protocol/envelope.js';
import { brief, messagesOf } from '../../src/protocol/messages.js';
import type { OperationName } from '../../src/protocol/recipes.js';
import { operation } from '../../src/protocol/operations.js';
import type { Exchange } from '../../src/report/exchange.js';
import { PROBES } from '../requests/probes.js';

const CHECK = 'transport.rate-limited-429';
/** At most this many requests, sent this many at once: enough to cross a per-second limit, few enough to be polite. */
export const BURST_REQUESTS = 60;
const WAVE = 10;
/** Reads that change nothing, in the order the burst prefers them; the first the business advertises is sent. */
const READS: readonly OperationName[] = [
  'catalog.search',
  'location.search',
  'catalog.lookup',
  'location.lookup',
  'ask',
];

/** One answer to a burst request: the final one, or an attempt the client retried. */
interface Answer {
  x: Exchange;
  status: number;
  retryAfter?: string;
}

/**
 * ERR-003 (Document 1 §Errors: "429 | Rate limited"; §Limits: "429 is the signal"): the same read,
 * served once alone, sent again and again in waves until the business refuses one or the burst is
 * spent. A refusal in the burst of what was served alone is for rate: it must be a 429. A 5xx is
 * its own meaning (503 "Temporary unavailability"), so it is reported, not failed; a business need
 * not limit at all. The engine starts it once every other scenario is over (`burst`), so no other
 * check meets the limit it reaches.
 */
export const rateLimitScenario = scenario({
  id: 'transport.rate-limit',
  title: `A bounded burst of one read (at most ${BURST_REQUESTS} requests, ${WAVE} at once), with --allow burst`,
  effect: 'read',
  burst: true,
  checks: [
    {
      id: CHECK,
      title: 'a request refused for rate, once a burst crosses the limit, gets HTTP 429',
      requirements: ['ERR-003'],
    },
  ],
  async run(t) {
    // Advertised is enough: a read left out by --capabilities still serves to prepare (as it finds items elsewhere).
    const name = READS.find((n) => advertises(t.target, operation(n).capability));
    if (!name)
      return t.notApplicable(CHECK, `the business advertises none of ${READS.join(', ')}, the reads a burst sends`);
    const made = await (PROBES[name] as (t: ScenarioContext) => Promise<{ input?: never }> | { input?: never })(t);
    const send = () => t.call(name, { input: made.input, tolerateRateLimit: true });
    const control = await send();
    if (refused(t, control) !== undefined)
      return t.notTested(CHECK, `the ${name} the burst repeats was refused alone (HTTP ${control.status})`, [control]);
    const isRefusal = (a: Answer) => a.status >= 400 || refused(t, a.x) !== undefined;
    const sent: Exchange[] = [];
    while (sent.length < BURST_REQUESTS) {
      sent.push(...(await Promise.all(Array.from({ length: WAVE }, send))));
      if (sent.flatMap(answers).some(isRefusal)) break;
    }
    const refusals = sent.flatMap(answers).filter(isRefusal);
    const wrong = refusals.filter((a) => a.status !== 429 && a.status < 500);
    const said = (a: Answer) =>
      `#${a.x.seq} HTTP ${a.status}${a.retryAfter ? ` (Retry-After ${a.retryAfter})` : ''}${a.status < 300 ? `: ${refused(t, a.x)}` : ''}`;
    if (wrong.length) {
      return t.fail(CHECK, {
        message: `${name}, served alone, was refused in the burst otherwise than with 429: ${wrong.slice(0, 3).map(said).join('; ')}`,
        expected: 'HTTP 429 for a request over the rate limit',
        actual: wrong.slice(0, 3).map(said).join('; '),
        exchanges: [control, ...new Set(wrong.slice(0, 3).map((a) => a.x))],
      });
    }
    const limited = refusals.filter((a) => a.status === 429);
    if (limited.length) {
      return t.pass(CHECK, `${name} was limited with HTTP 429 after ${sent.length} requests of the burst`, [
        control,
        limited[0].x,
      ]);
    }
    t.observe(CHECK, {
      message: refusals.length
        ? `${name} met no refusal for rate in ${sent.length} requests, only ${refusals.map(said).slice(0, 3).join('; ')}: a 5xx is not a rate refusal`
        : `${name} was served ${sent.length} times in waves of ${WAVE}: no limit was reached, and a business need not limit`,
      exchanges: [control, ...refusals.slice(0, 3).map((a) => a.x)],
    });
  },
});

/** Every answer an exchange holds: the attempts the client retried (429 or 503), then the final one. */
function answers(x: Exchange): Answer[] {
  const retried = (x.retried ?? []).flatMap((r) =>
    r.status === undefined ? [] : [{ x, status: r.status, retryAfter: r.retryAfter }],
  );
  const final = x.status === undefined ? [] : [{ x, status: x.status, retryAfter: x.responseHeaders?.['retry-after'] }];
  return [...retried, ...final];
}

/** Why an answer is a refusal: its status, or the first error message of a business error at 200. */
function refused(t: ScenarioContext, x: Exchange): string | undefined {
  if (x.status === undefined || x.status >= 400) return `HTTP ${x.status}`;
  if (!isErrorResponse(x.json, t.dialect.envelopeKey)) return undefined;
  const error = messagesOf(x.json).find((m) => m.type === 'error');
  return `a business error ${brief(error?.code)}: ${brief(error?.content)}`;
}
