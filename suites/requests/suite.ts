import type { ScenarioContext } from '../../src/engine/context.js';
import { scenario, type CheckSpec, type Scenario, type Suite } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/report/exchange.js';
import { CAPABILITIES, LINE_ITEM_ID, operationsOf, type Operation } from '../../src/protocol/operations.js';
import type { OperationName } from '../../src/protocol/recipes.js';
import { resourceOf } from '../shared/checkout-flow.js';
import { concludeUnconfiguredAuth, judgeAuthentication } from './authentication.js';
import { judgeMalformedJson } from './malformed-json.js';
import { judgeMissingMember, judgesMissingMember, leftOut } from './missing-member.js';
import { concludeUnresolvedPlatform, judgePlatformProfiles } from './platform-profiles.js';
import { answer, type RequestCheck, type Send } from './probe.js';
import { heldFor, usesUp, type Held } from './held.js';
import { PROBES } from './probes.js';
import { concludeUnconfiguredSigning, judgeRequestSignatures } from './signatures.js';

/** Not an RFC 8941 dictionary: an unterminated string. */
const NOT_A_DICTIONARY = 'profile="https://platform.example/.well-known/proto';
/** A dictionary, but without the profile member. */
const NO_PROFILE = 'agent="proto-conformance"';

const is4xx = (x: Exchange) => x.status !== undefined && x.status >= 400 && x.status < 500;

/**
 * How a business answers requests the platform got wrong, generated for every operation (the type
 * of PROBES makes each have one): one scenario per operation, one suite per capability. The Proto-Agent checks are
 * here; each other kind of breakage has its own file beside this one.
 */
export const requestSuites: readonly Suite[] = CAPABILITIES.map((capability) => ({
  id: `requests.${capability}`,
  title: `Refused requests on ${capability}`,
  capability,
  appliesWhen: 'advertised' as const,
  scenarios: operationsOf(capability).map(scenarioFor),
}));

function scenarioFor(op: Operation): Scenario {
  return scenario({
    id: `requests.${op.name}`,
    title: `${op.name} sent broken one way at a time: Proto-Agent, body, members, credentials, signature, platform profile`,
    effect: op.irreversible ? 'irreversible' : op.idempotency === 'required' ? 'write' : 'read',
    checks: checksFor(op),
    run: (t) => probe(t, op),
  });
}

/** The checks one operation's scenario declares: a body check only where there is a body, and so on. */
function checksFor(op: Operation): CheckSpec<RequestCheck>[] {
  const p = `requests.${op.name}` as const;
  // An ID inside a conditional spread needs `as const`: the array's contextual type does not reach it.
  return [
    { id: `${p}.agent-missing`, title: 'a request without Proto-Agent gets a 4xx', requirements: ['HDR-005'] },
    {
      id: `${p}.agent-malformed`,
      title: 'a Proto-Agent that is no dictionary, or has no profile, gets a 4xx',
      requirements: ['HDR-006'],
    },
    ...(op.method === 'GET'
      ? []
      : [
          {
            id: `${p}.malformed-json` as const,
            title: 'a body that is not JSON gets 400 with code and content',
            requirements: ['ERR-001'],
          },
        ]),
    ...(judgesMissingMember(op)
      ? [
          {
            id: `${p}.missing-member` as const,
            title: `a request without ${leftOut(op).join(', ')} (each left out in turn) is refused`,
            // A line's item.id is a member within one: ERR-006 says so of the lines of a cart or a checkout.
            requirements: leftOut(op).includes(LINE_ITEM_ID) ? ['ERR-002', 'ERR-006'] : ['ERR-002'],
          },
        ]
      : []),
    {
      id: `${p}.platform-profile-unreachable`,
      title: 'a Proto-Agent profile that cannot be fetched gets 424, where the request is refused',
      requirements: ['PLAT-001'],
    },
    {
      id: `${p}.platform-profile-malformed`,
      title: 'a Proto-Agent profile that is no profile gets 422, where the request is refused',
      requirements: ['PLAT-002'],
    },
    {
      id: `${p}.platform-profile-unknown-key`,
      title: 'a Proto-Agent profile with keys of an unknown type and curve and unknown members is accepted',
      requirements: ['PROF-010'],
    },
    {
      id: `${p}.signature-tampered`,
      title: 'where the config says signatures are required, a tampered signature gets 401',
      requirements: ['SIG-005'],
    },
    ...(op.method === 'GET'
      ? []
      : [
          {
            id: `${p}.signature-digest-wrong` as const,
            title: 'where the config says signatures are required, a wrong Content-Digest gets 400 or 401',
            requirements: ['SIG-006'],
          },
        ]),
    {
      id: `${p}.signature-unknown-keyid`,
      title: 'where the config says signatures are required, a keyid the profile does not publish gets 401',
      requirements: ['SIG-007'],
    },
    {
      id: `${p}.signature-absent`,
      title: 'where the config says signatures are required, a request with no signature gets 401',
      requirements: ['SIG-009'],
    },
    {
      id: `${p}.signature-header-missing`,
      title: 'where the config says signatures are required, Signature-Input without Signature gets 401',
      requirements: ['SIG-009'],
    },
    {
      id: `${p}.signature-input-missing`,
      title: 'where the config says signatures are required, Signature without Signature-Input gets 401',
      requirements: ['SIG-010'],
    },
    ...(op.method === 'GET'
      ? []
      : [
          {
            id: `${p}.signature-digest-missing` as const,
            title: 'where the config says signatures are required, a body without Content-Digest gets 401',
            requirements: ['SIG-011'],
          },
        ]),
    {
      id: `${p}.signature-component-left-out`,
      title:
        'where the config says signatures are required, a signature leaving out a listed component (each in turn) gets 401',
      requirements: ['SIG-008'],
    },
    {
      id: `${p}.signature-key-without-alg`,
      title:
        'where the config says signatures are required, a request signed by a key its platform profile states without alg is served',
      requirements: ['SIG-014'],
    },
    {
      id: `${p}.credential-missing`,
      title: 'where the config says it needs authentication, a request without the credential gets 401',
      requirements: ['AUTH-001'],
    },
    {
      id: `${p}.credential-invalid`,
      title: 'where the config says it needs authentication, an invalid credential gets 401',
      requirements: ['AUTH-002'],
    },
    {
      id: `${p}.credential-forbidden`,
      title: 'a credential the config says is not permitted here gets 403',
      requirements: ['AUTH-003'],
    },
  ];
}

async function probe(t: ScenarioContext<RequestCheck>, op: Operation): Promise<void> {
  const p = `requests.${op.name}` as const;
  const name = op.name as OperationName;
  const make = PROBES[name] as (
    t: ScenarioContext,
    held?: Held,
  ) => Promise<{ id?: string; input?: never }> | { id?: string; input?: never };
  const resource = heldFor(t, op);
  const send: Send = async (extra) => {
    const held = await resource?.get();
    const { id, input } = await make(t, held);
    const x = await t.call(name, {
      id,
      input,
      notFoundProbe: !op.creates && !held,
      tolerateTransportError: true,
      ...extra,
    });
    // A served cancel or complete used the resource up: the next probe gets a new one.
    if (held && usesUp(op) && x.status !== undefined && x.status < 300) resource?.spend();
    return discardMade(t, op, x);
  };

  // The request with nothing broken first: when even that is refused, a refusal says nothing.
  concludeUnconfiguredAuth(t, op);
  concludeUnconfiguredSigning(t, op);
  const control = await send({});
  if (control.status === undefined || control.status >= 400) {
    // A 422 or 424 here is most likely about the platform profile the run hosts (over http, on loopback).
    const hint =
      t.platform && (control.status === 422 || control.status === 424)
        ? `; it may refuse the platform profile this run hosts at ${t.platform.url}: name one it can fetch with --agent-profile`
        : '';
    const why = `the probe is refused with nothing broken (${answer(control)}), so a refusal of a broken one proves nothing${hint}`;
    concludeUnresolvedPlatform(t, op);
    for (const c of checksFor(op)) if (!t.concluded(c.id)) t.notTested(c.id, why, [control]);
    return;
  }
  if (op.method !== 'GET') await judgeMalformedJson(t, op, control, send);
  if (judgesMissingMember(op)) await judgeMissingMember(t, op, control, send);
  await judgeAuthentication(t, op, control, send);
  await judgePlatformProfiles(t, op, control, send);
  await judgeRequestSignatures(t, op, control, send);
  const missing = await send({ omit: ['agent'] });
  t.check(`${p}.agent-missing`, is4xx(missing), {
    message: `a request without ${t.dialect.agentHeader} answered HTTP ${missing.status}`,
    expected: 'an HTTP 4xx',
    actual: answer(missing),
    exchanges: [control, missing],
  });
  const notDictionary = await send({ headers: { [t.dialect.agentHeader]: NOT_A_DICTIONARY } });
  const noProfile = await send({ headers: { [t.dialect.agentHeader]: NO_PROFILE } });
  const accepted = [notDictionary, noProfile].filter((x) => !is4xx(x));
  t.check(`${p}.agent-malformed`, accepted.length === 0, {
    message: `${accepted.map((x) => `${x.requestHeaders[t.dialect.agentHeader]} answered HTTP ${x.status}`).join('; ')}`,
    expected: `an HTTP 4xx for ${t.dialect.agentHeader}: ${NOT_A_DICTIONARY} and for ${t.dialect.agentHeader}: ${NO_PROFILE}`,
    actual: accepted.map(answer).join(' | '),
    exchanges: [control, ...accepted],
  });
}

/** A create probe's resource is cancelled when the scenario ends. */
function discardMade(t: ScenarioContext, op: Operation, x: Exchange): Exchange {
  const id = op.creates ? resourceOf(t, x).id : undefined;
  const cancel = operationsOf(op.capability).find((o) => o.name.endsWith('.cancel'));
  if (typeof id === 'string' && cancel)
    t.cleanup(() => t.call(cancel.name as OperationName, { id, tolerateTransportError: true }));
  return x;
}
