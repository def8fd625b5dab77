import type { ScenarioContext } from '../../src/engine/context.js';
import type { Exchange } from '../../src/http/exchange.js';
import type { Operation } from '../../src/protocol/operations.js';
import { agentHeaderValue } from '../../src/http/agent-header.js';
import { answer, type Send } from './probe.js';

/**
 * 424 and 422 for platform profiles that cannot be fetched or are no profile, and no refusal for
 * one with an unknown key type, when the business is seen fetching the profile this run hosts.
 */
export async function judgePlatformProfiles(t: ScenarioContext, op: Operation, control: Exchange, send: Send): Promise<void> {
  const ids = platformCheckIds(op);
  const platform = t.platform;
  if (concludeUnresolvedPlatform(t, op) || !platform) return;
  const agent = (url: string) => ({ [t.dialect.agentHeader]: agentHeaderValue(url) });
  const unreachable = await send({ headers: agent(platform.urlFor('unreachable')) });
  t.check(ids[0], unreachable.status === 424, {
    message: `a platform profile that answers 503 gave HTTP ${unreachable.status}`, expected: 'HTTP 424', actual: answer(unreachable), exchanges: [control, unreachable],
  });
  const malformed = await send({ headers: agent(platform.urlFor('malformed')) });
  t.check(ids[1], malformed.status === 422, {
    message: `a platform profile without a ${t.dialect.envelopeKey} object gave HTTP ${malformed.status}`, expected: 'HTTP 422', actual: answer(malformed), exchanges: [control, malformed],
  });
  const unknownKey = await send({ headers: agent(platform.urlFor('unknown-key-type')) });
  t.check(ids[2], unknownKey.status === control.status, {
    message: `a platform profile with a key of an unknown type gave HTTP ${unknownKey.status}`, expected: `HTTP ${control.status}, as with the plain profile`,
    actual: answer(unknownKey), exchanges: [control, unknownKey],
  });
}

export const platformCheckIds = (op: Operation) => ['unreachable', 'malformed', 'unknown-key'].map((k) => `requests.${op.name}.platform-profile-${k}`);

/** Concludes the platform-profile checks not-applicable when there is no profile the business resolves; says whether it did. */
export function concludeUnresolvedPlatform(t: ScenarioContext, op: Operation): boolean {
  const platform = t.platform;
  const why = !platform
    ? 'the run hosts no platform profile the business can fetch: the target is not on this machine, or --agent-profile names one'
    : platform.fetches('good') === 0
      ? `the business did not fetch the platform profile ${platform.url} that Proto-Agent names, so it does not resolve it and 422 and 424 cannot be provoked`
      : undefined;
  if (why) for (const id of platformCheckIds(op)) t.notApplicable(id, why);
  return why !== undefined;
}
