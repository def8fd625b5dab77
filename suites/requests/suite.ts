import type { ScenarioContext } from '../../src/engine/context.js';
import type { Scenario, Suite } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/http/exchange.js';
import { isObject } from '../../src/dialect/dialect.js';
import { isErrorResponse } from '../../src/protocol/envelope.js';
import { brief, messagesOf } from '../../src/protocol/messages.js';
import { CAPABILITIES, operationsOf, type Operation } from '../../src/protocol/operations.js';
import type { OperationName } from '../../src/protocol/recipes.js';
import { resourceOf } from '../shared/checkout-flow.js';
import { PROBES } from './probes.js';
import { agentHeaderValue } from '../../src/http/agent-header.js';
import { contentDigestStep, signatureStep, type RequestStep } from '../../src/http/pipeline.js';

/** Not an RFC 8941 dictionary: an unterminated string. */
const NOT_A_DICTIONARY = 'profile="https://platform.example/.well-known/proto';
/** A dictionary, but without the profile member. */
const NO_PROFILE = 'agent="proto-conformance"';
/** Not JSON: an array left open. */
const MALFORMED_JSON = '{"line_items": [';

const is4xx = (x: Exchange) => x.status !== undefined && x.status >= 400 && x.status < 500;
const answer = (x: Exchange) => `HTTP ${x.status ?? x.transportError?.message}: ${brief(x.json ?? x.responseBody, 160)}`;

/**
 * How a business answers requests the platform got wrong, generated for every operation that has
 * a probe: one scenario per operation, one suite per capability.
 */
export const requestSuites: readonly Suite[] = CAPABILITIES
  .map((capability) => ({ capability, ops: operationsOf(capability).filter((o) => PROBES[o.name as OperationName]) }))
  .filter(({ ops }) => ops.length > 0)
  .map(({ capability, ops }) => ({
    id: `requests.${capability}`,
    title: `Refused requests on ${capability}`,
    capability,
    appliesWhen: 'advertised' as const,
    scenarios: ops.map(scenarioFor),
  }));

function scenarioFor(op: Operation): Scenario {
  const p = `requests.${op.name}`;
  return {
    id: p,
    title: `${op.name} without, or with a malformed, Proto-Agent, and with malformed JSON`,
    effect: op.idempotency === 'required' ? 'write' : 'read',
    checks: [
      { id: `${p}.agent-missing`, title: 'a request without Proto-Agent gets a 4xx', requirements: ['HDR-005'] },
      { id: `${p}.agent-malformed`, title: 'a Proto-Agent that is no dictionary, or has no profile, gets a 4xx', requirements: ['HDR-006'] },
      ...(op.method === 'GET' ? [] : [{ id: `${p}.malformed-json`, title: 'a body that is not JSON gets 400', requirements: ['ERR-001'] }]),
      ...(judgesMissingMember(op) ? [{ id: `${p}.missing-member`, title: `a request without ${(op.required ?? []).join(', ')} is refused`, requirements: ['ERR-002'] }] : []),
      { id: `${p}.platform-profile-unreachable`, title: 'a Proto-Agent profile that cannot be fetched gets 424', requirements: ['PLAT-001'] },
      { id: `${p}.platform-profile-malformed`, title: 'a Proto-Agent profile that is no profile gets 422', requirements: ['PLAT-002'] },
      { id: `${p}.platform-profile-unknown-key`, title: 'a Proto-Agent profile with a key of an unknown type is accepted', requirements: ['PROF-010'] },
      { id: `${p}.signature-tampered`, title: 'where the config says signatures are required, a tampered signature gets 401', requirements: ['SIG-005'] },
      ...(op.method === 'GET' ? [] : [{ id: `${p}.signature-digest-wrong`, title: 'where the config says signatures are required, a wrong Content-Digest gets 401', requirements: ['SIG-006'] }]),
      { id: `${p}.signature-unknown-keyid`, title: 'where the config says signatures are required, a keyid the profile does not publish gets 401', requirements: ['SIG-007'] },
      { id: `${p}.credential-missing`, title: 'where the config says it needs authentication, a request without the credential gets 401', requirements: ['AUTH-001'] },
      { id: `${p}.credential-invalid`, title: 'where the config says it needs authentication, an invalid credential gets 401', requirements: ['AUTH-002'] },
      { id: `${p}.credential-forbidden`, title: 'a credential the config says is not permitted here gets 403', requirements: ['AUTH-003'] },
    ],
    run: (t) => probe(t, op),
  };
}

async function probe(t: ScenarioContext, op: Operation): Promise<void> {
  const p = `requests.${op.name}`;
  const name = op.name as OperationName;
  const make = PROBES[name] as (t: ScenarioContext) => Promise<{ id?: string; input?: never }> | { id?: string; input?: never };
  const send: Send = async (extra) => {
    const { id, input } = await make(t);
    const x = await t.call(name, { id, input, notFoundProbe: !op.creates, tolerateTransportError: true, ...extra });
    return discardMade(t, op, x);
  };

  // The request with nothing broken first: when even that is refused, a refusal says nothing.
  concludeUnconfiguredAuth(t, op);
  concludeUnconfiguredSigning(t, op);
  const control = await send({});
  if (control.status === undefined || control.status >= 400) {
    const why = `the probe is refused with nothing broken (${answer(control)}), so a refusal of a broken one proves nothing`;
    concludeUnresolvedPlatform(t, op);
    for (const c of scenarioFor(op).checks) if (!t.concluded(c.id)) t.notTested(c.id, why, [control]);
    return;
  }
  if (op.method !== 'GET') {
    const x = await send({ rawBody: MALFORMED_JSON });
    t.check(`${p}.malformed-json`, x.status === 400, {
      message: `a body that is not JSON answered HTTP ${x.status ?? x.transportError?.message}`, expected: 'HTTP 400', actual: answer(x), exchanges: [x],
    });
  }
  if (judgesMissingMember(op)) await judgeMissingMember(t, op, control, send);
  await judgeAuthentication(t, op, control, send);
  await judgePlatformProfiles(t, op, control, send);
  await judgeRequestSignatures(t, op, control, send);
  const missing = await send({ omit: ['agent'] });
  t.check(`${p}.agent-missing`, is4xx(missing), {
    message: `a request without ${t.dialect.agentHeader} answered HTTP ${missing.status}`, expected: 'an HTTP 4xx', actual: answer(missing), exchanges: [control, missing],
  });
  const notDictionary = await send({ headers: { [t.dialect.agentHeader]: NOT_A_DICTIONARY } });
  const noProfile = await send({ headers: { [t.dialect.agentHeader]: NO_PROFILE } });
  const accepted = [notDictionary, noProfile].filter((x) => !is4xx(x));
  t.check(`${p}.agent-malformed`, accepted.length === 0, {
    message: `${accepted.map((x) => `${x.requestHeaders[t.dialect.agentHeader]} answered HTTP ${x.status}`).join('; ')}`,
    expected: `an HTTP 4xx for ${t.dialect.agentHeader}: ${NOT_A_DICTIONARY} and for ${t.dialect.agentHeader}: ${NO_PROFILE}`,
    actual: accepted.map(answer).join(' | '), exchanges: [control, ...accepted],
  });
}

type Send = (extra: {
  omit?: ('agent' | 'credentials')[]; headers?: Record<string, string>; replace?: RequestStep[]; rawBody?: string; clientCertificate?: 'none' | 'untrusted';
}) => Promise<Exchange>;

/** A request without a body carries no Content-Digest: no digest check for a GET. */
const signatureCheckIds = (op: Operation) => ['tampered', ...(op.method === 'GET' ? [] : ['digest-wrong']), 'unknown-keyid'].map((k) => `requests.${op.name}.signature-${k}`);

/** The signature checks are not-applicable unless the config says the business requires them here and gives a key. */
function concludeUnconfiguredSigning(t: ScenarioContext, op: Operation): void {
  if (covers(t.config.signing?.required_for, op) && t.signing) return;
  const why = t.signing
    ? 'the config does not say the business verifies request signatures here (signing.required_for in --config)'
    : 'the run has no signing key (--signing-key, or signing.key_file in --config)';
  for (const id of signatureCheckIds(op)) t.notApplicable(id, why);
}

/**
 * With signatures required, the served control request was signed; each broken variant of its
 * signature, made by replacing one request step, must get 401 (Document 1 §Errors: authentication
 * invalid).
 */
async function judgeRequestSignatures(t: ScenarioContext, op: Operation, control: Exchange, send: Send): Promise<void> {
  const p = `requests.${op.name}`;
  const [tampered, digest, keyid] = [`${p}.signature-tampered`, `${p}.signature-digest-wrong`, `${p}.signature-unknown-keyid`];
  if (t.concluded(tampered)) return;
  const judge = async (id: string, what: string, replace: RequestStep[]) => {
    const x = await send({ replace });
    t.check(id, x.status === 401, { message: `${what} answered HTTP ${x.status}`, expected: 'HTTP 401', actual: answer(x), exchanges: [control, x] });
  };
  await judge(tampered, 'a request whose signature was altered', [signatureStep({ tamper: true })]);
  if (op.method !== 'GET') await judge(digest, 'a request whose Content-Digest does not match its body', [contentDigestStep({ wrong: true })]);
  await judge(keyid, 'a request signed under a keyid the platform profile does not publish', [signatureStep({ keyid: UNKNOWN_KEYID })]);
}

/** A kid no platform profile publishes. */
const UNKNOWN_KEYID = 'proto-conformance-unpublished-key';

/**
 * 401 without the credential or with an invalid one, and 403 with one not permitted, for the
 * operations the config says need authentication (the business's policy is its own: Document 1
 * §Authentication); the control request carried the real credential and was served.
 */
async function judgeAuthentication(t: ScenarioContext, op: Operation, control: Exchange, send: Send): Promise<void> {
  const p = `requests.${op.name}`;
  const auth = t.config.auth;
  const credentials = t.config.headers ?? {};
  if (t.concluded(`${p}.credential-missing`)) return;
  // With mutual TLS the client certificate is a credential too: left out, or replaced by one no business trusts.
  const certificate = t.presentsCertificate;
  const named = [...Object.keys(credentials), ...(certificate ? ['the client certificate'] : [])].join(', ');
  // A business may refuse a bad certificate at the handshake instead of with a 401.
  const refused = (x: Exchange) => x.status === 401 || (certificate && x.transportError?.kind === 'network');
  const expected = certificate ? 'HTTP 401, or a refused TLS handshake' : 'HTTP 401';
  const missing = await send({ omit: ['credentials'], ...(certificate ? { clientCertificate: 'none' as const } : {}) });
  t.check(`${p}.credential-missing`, refused(missing), {
    message: `a request without ${named} answered ${answer(missing)}`, expected, actual: answer(missing), exchanges: [control, missing],
  });
  const invalid = await send({
    headers: Object.fromEntries(Object.entries(credentials).map(([name, value]) => [name, invalidated(value)])),
    ...(certificate ? { clientCertificate: 'untrusted' as const } : {}),
  });
  t.check(`${p}.credential-invalid`, refused(invalid), {
    message: `a request with ${named} replaced by invalid ones answered ${answer(invalid)}`, expected, actual: answer(invalid), exchanges: [control, invalid],
  });
  const forbidden = auth?.forbidden_headers as Record<string, string>;
  if (t.concluded(`${p}.credential-forbidden`)) return;
  const notPermitted = await send({ headers: forbidden });
  t.check(`${p}.credential-forbidden`, notPermitted.status === 403, {
    message: `a request with a credential that is not permitted here answered HTTP ${notPermitted.status}`, expected: 'HTTP 403', actual: answer(notPermitted), exchanges: [control, notPermitted],
  });
}

/**
 * 424 and 422 for platform profiles that cannot be fetched or are no profile, and no refusal for
 * one with an unknown key type, when the business is seen fetching the profile this run hosts.
 */
async function judgePlatformProfiles(t: ScenarioContext, op: Operation, control: Exchange, send: Send): Promise<void> {
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

const platformCheckIds = (op: Operation) => ['unreachable', 'malformed', 'unknown-key'].map((k) => `requests.${op.name}.platform-profile-${k}`);

/** Concludes the platform-profile checks not-applicable when there is no profile the business resolves; says whether it did. */
function concludeUnresolvedPlatform(t: ScenarioContext, op: Operation): boolean {
  const platform = t.platform;
  const why = !platform
    ? 'the run hosts no platform profile the business can fetch: the target is not on this machine, or --agent-profile names one'
    : platform.fetches('good') === 0
      ? `the business did not fetch the platform profile ${platform.url} that Proto-Agent names, so it does not resolve it and 422 and 424 cannot be provoked`
      : undefined;
  if (why) for (const id of platformCheckIds(op)) t.notApplicable(id, why);
  return why !== undefined;
}

const covers = (list: string[] | undefined, op: Operation) => !!list && (list.includes('*') || list.includes(op.name));

/**
 * The authentication checks that do not apply to this business as the config describes it:
 * open operations are its choice (Document 1 §Authentication), so there is nothing to refuse.
 */
function concludeUnconfiguredAuth(t: ScenarioContext, op: Operation): void {
  const p = `requests.${op.name}`;
  const auth = t.config.auth;
  const hasCredentials = Object.keys(t.config.headers ?? {}).length > 0 || t.presentsCertificate;
  if (!covers(auth?.required_for, op) || !hasCredentials) {
    const why = 'the config does not say this operation needs authentication (auth.required_for, and headers or a client certificate)';
    for (const c of ['credential-missing', 'credential-invalid', 'credential-forbidden']) t.notApplicable(`${p}.${c}`, why);
  } else if (!auth?.forbidden_headers || !covers(auth.forbidden_for ?? auth.required_for, op)) {
    t.notApplicable(`${p}.credential-forbidden`, 'the config names no credential that is not permitted here (auth.forbidden_headers, auth.forbidden_for)');
  }
}

/** A credential of the same form that no business issued: the scheme kept, the secret replaced. */
function invalidated(value: string): string {
  const scheme = /^(\S+ )/.exec(value)?.[1] ?? '';
  return `${scheme}proto-conformance-invalid-credential`;
}

/**
 * Operations with required members whose probe is a request the business serves whole; an
 * operation on a resource is probed with an id the business never issued, and its not_found
 * would say nothing about the missing member.
 */
function judgesMissingMember(op: Operation): boolean {
  return !!op.required?.length && !op.path.includes('{id}');
}

/**
 * The control request without the members the spec requires: 400, or a business error whose
 * missing message points at one of them; a resource made or a plain answer is being served whole.
 */
async function judgeMissingMember(t: ScenarioContext, op: Operation, control: Exchange, send: Send): Promise<void> {
  const required = op.required as string[];
  if (!isObject(control.sentJson)) return t.notTested(`requests.${op.name}.missing-member`, 'the control request carried no JSON object to take members from', [control]);
  const body = JSON.parse(t.sentBody(control) ?? '{}') as Record<string, unknown>;
  for (const m of required) delete body[m];
  const x = await send({ rawBody: JSON.stringify(body) });
  const named = messagesOf(x.json).some((m) => m.code === 'missing' && typeof m.path === 'string' && required.some((r) => (m.path as string).includes(r)));
  const refused = x.status === 400 || (x.status === 200 && isErrorResponse(x.json, t.dialect.envelopeKey) && named);
  t.check(`requests.${op.name}.missing-member`, refused, {
    message: `a request without ${required.join(', ')} answered HTTP ${x.status}${named ? '' : ' with no missing message for it'}`,
    expected: `HTTP 400, or a business error with a missing message for ${required.join(', ')}`, actual: answer(x), exchanges: [control, x],
  });
}

/** A probe names nothing the business has; should it make something all the same, it is cancelled. */
function discardMade(t: ScenarioContext, op: Operation, x: Exchange): Exchange {
  const id = op.creates ? resourceOf(t, x).id : undefined;
  const cancel = operationsOf(op.capability).find((o) => o.name.endsWith('.cancel'));
  if (typeof id === 'string' && cancel) t.cleanup(() => t.call(cancel.name as OperationName, { id, tolerateTransportError: true }));
  return x;
}
