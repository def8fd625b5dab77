import type { ScenarioContext } from '../../src/engine/context.js';
import { type Exchange, statusOrError } from '../../src/report/exchange.js';
import type { Operation } from '../../src/protocol/operations.js';
import { agentHeaderValue } from '../../src/http/agent-header.js';
import type { BrokenProfile } from '../../src/platform/profile-server.js';
import { answer, type RequestCheck, type Send } from './probe.js';

/**
 * 424 and 422 for platform profiles that cannot be fetched or are no profile, and no refusal for
 * one with keys of an unknown type and curve and unknown members, when the business is seen fetching the profiles this
 * run hosts.
 */
export async function judgePlatformProfiles(
  t: ScenarioContext<RequestCheck>,
  op: Operation,
  control: Exchange,
  send: Send,
): Promise<void> {
  const ids = platformCheckIds(op);
  const platform = t.platform;
  if (concludeUnresolvedPlatform(t, op) || !platform) return;
  const agent = (url: string) => ({ [t.dialect.agentHeader]: agentHeaderValue(url) });
  // Judged only when the business fetched the profile named for this request: one that answered
  // without fetching it met no failure to report (it may resolve profiles only when it needs them).
  // The statuses are fixed for a refusal; whether a business must refuse is not shown, so one
  // serving the request anyway (best effort) is observed, not failed.
  const judge = async (id: RequestCheck, kind: BrokenProfile, status: number, what: string) => {
    const url = platform.urlFor(kind, op.name);
    const x = await send({ headers: agent(url) });
    if (platform.fetchesOf(url) === 0)
      return t.notApplicable(
        id,
        `the business answered HTTP ${x.status} without fetching ${url}, so it never met ${what}`,
      );
    if (x.status !== undefined && x.status < 400)
      return t.observe(id, {
        message: `${what} was fetched and the request served anyway (HTTP ${x.status}); Document 1 §Errors states ${status} for this discovery failure but not that a business must refuse the request`,
        actual: answer(x),
        exchanges: [control, x],
      });
    t.check(id, x.status === status, {
      message: `${what} was refused with HTTP ${statusOrError(x)}`,
      expected: `HTTP ${status}, or the request served`,
      actual: answer(x),
      exchanges: [control, x],
    });
  };
  await judge(ids[0], 'unreachable', 424, 'a platform profile that answers 503');
  await judge(ids[1], 'malformed', 422, `a platform profile without a ${t.dialect.envelopeKey} object`);
  const unknown = 'a platform profile with keys of an unknown type and of an unknown curve, and unknown members';
  const url = platform.urlFor('unknown-key-type', op.name);
  const x = await send({ headers: agent(url) });
  if (platform.fetchesOf(url) === 0)
    return t.notApplicable(
      ids[2],
      `the business answered HTTP ${x.status} without fetching ${url}, so it never met ${unknown}`,
    );
  t.check(ids[2], x.status === control.status, {
    message: `${unknown} gave HTTP ${statusOrError(x)}`,
    expected: `HTTP ${control.status}, as with the plain profile`,
    actual: answer(x),
    exchanges: [control, x],
  });
}

export const platformCheckIds = (op: Operation) =>
  (['unreachable', 'malformed', 'unknown-key'] as const).map(
    (k) => `requests.${op.name}.platform-profile-${k}` as const,
  );

/** Why a check that needs a platform profile this run hosts cannot be judged without one. */
export const NO_HOSTED_PROFILE =
  'the run hosts no platform profile the business can fetch: the target is not on this machine, or --agent-profile names one';

/**
 * Concludes the platform-profile checks not-applicable when there is no profile the business resolves; says whether it
 * did.
 */
export function concludeUnresolvedPlatform(t: ScenarioContext<RequestCheck>, op: Operation): boolean {
  const platform = t.platform;
  const why = !platform
    ? NO_HOSTED_PROFILE
    : platform.fetchesOf(platform.url) === 0
      ? `the business did not fetch the platform profile ${platform.url} that Proto-Agent names, so it does not resolve it and 422 and 424 cannot be provoked`
      : undefined;
  if (why) for (const id of platformCheckIds(op)) t.notApplicable(id, why);
  return why !== undefined;
}
