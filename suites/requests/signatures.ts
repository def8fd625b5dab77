import type { ScenarioContext } from '../../src/engine/context.js';
import { type Exchange, statusOrError } from '../../src/report/exchange.js';
import type { Operation } from '../../src/protocol/operations.js';
import { contentDigestStep, signatureStep, type RequestStep } from '../../src/http/pipeline.js';
import { answer, covers, type RequestCheck, type Send } from './probe.js';
import { parseSignatures } from '../../src/protocol/signatures.js';
import { agentHeaderValue } from '../../src/http/agent-header.js';
import { NO_HOSTED_PROFILE } from './platform-profiles.js';

/** A request without a body carries no Content-Digest: no digest check for a GET. */
export const signatureCheckIds = (op: Operation) =>
  (
    [
      'tampered',
      ...(op.method === 'GET' ? [] : ['digest-wrong' as const]),
      'unknown-keyid',
      'absent',
      'header-missing',
      'input-missing',
      ...(op.method === 'GET' ? [] : ['digest-missing' as const]),
      'component-left-out',
      'key-without-alg',
    ] as const
  ).map((k) => `requests.${op.name}.signature-${k}` as const);

/** The signature checks are not-applicable unless the config says the business requires them here and gives a key. */
export function concludeUnconfiguredSigning(t: ScenarioContext<RequestCheck>, op: Operation): void {
  if (covers(t.config.signing?.required_for, op) && t.signing) return;
  const why = t.signing
    ? 'the config does not say the business verifies request signatures here (signing.required_for in --config)'
    : 'the run has no signing key (--signing-key, or signing.key_file in --config)';
  for (const id of signatureCheckIds(op)) t.notApplicable(id, why);
}

/**
 * With signatures required, the served control request was signed; each broken variant of its
 * signature, made by replacing one request step, must get 401 (Document 1 §Errors: authentication
 * invalid). A body that does not match its Content-Digest may also be refused as a malformed request
 * (400): no status is stated for it.
 */
export async function judgeRequestSignatures(
  t: ScenarioContext<RequestCheck>,
  op: Operation,
  control: Exchange,
  send: Send,
): Promise<void> {
  const p = `requests.${op.name}` as const;
  const [tampered, digest, keyid] = [
    `${p}.signature-tampered`,
    `${p}.signature-digest-wrong`,
    `${p}.signature-unknown-keyid`,
  ] as const;
  if (t.concluded(tampered)) return;
  const judge = async (id: RequestCheck, what: string, replace: RequestStep[], statuses = [401]) => {
    const x = await send({ replace });
    t.check(id, x.status !== undefined && statuses.includes(x.status), {
      message: `${what} answered HTTP ${statusOrError(x)}`,
      expected: `HTTP ${statuses.join(' or ')}`,
      actual: answer(x),
      exchanges: [control, x],
    });
  };
  await judge(tampered, 'a request whose signature was altered', [signatureStep({ tamper: true })]);
  if (op.method !== 'GET')
    await judge(
      digest,
      'a request whose Content-Digest does not match its body',
      [contentDigestStep({ wrong: true })],
      [400, 401],
    );
  await judge(keyid, 'a request signed under a keyid the platform profile does not publish', [
    signatureStep({ keyid: UNKNOWN_KEYID }),
  ]);
  await judgeMissingParts(t, op, control, send);
  await judgeKeyWithoutAlg(t, op, control, send);
}

/**
 * A request signed by a key its platform profile states without alg: the verifier derives alg from crv (Document 1
 * §Public JWK: "When absent the verifier derives it from crv"), so it is served as the signed control request was.
 */
async function judgeKeyWithoutAlg(
  t: ScenarioContext<RequestCheck>,
  op: Operation,
  control: Exchange,
  send: Send,
): Promise<void> {
  const id = `requests.${op.name}.signature-key-without-alg` as const;
  const platform = t.platform;
  if (!platform) return t.notApplicable(id, NO_HOSTED_PROFILE);
  const url = platform.urlFor('key-without-alg', op.name);
  const x = await send({ headers: { [t.dialect.agentHeader]: agentHeaderValue(url) } });
  const what = 'a request signed by a key its platform profile states without alg';
  if (platform.fetchesOf(url) === 0)
    return t.notApplicable(
      id,
      `the business answered HTTP ${statusOrError(x)} without fetching ${url}, so it never met ${what}`,
    );
  t.check(id, x.status === control.status, {
    message: `${what} answered HTTP ${statusOrError(x)}`,
    expected: `HTTP ${control.status}, as the request signed under the profile whose key states alg`,
    actual: answer(x),
    exchanges: [control, x],
  });
}

/**
 * A request that lacks a part a signed request needs (Document 1 §Authentication: Signature "Required when
 * authenticating with message signatures", Signature-Input "Required with message signatures", Content-Digest
 * "required on requests that have a body", the signed components listed): each must get 401 where the business
 * requires signatures.
 */
async function judgeMissingParts(
  t: ScenarioContext<RequestCheck>,
  op: Operation,
  control: Exchange,
  send: Send,
): Promise<void> {
  const p = `requests.${op.name}` as const;
  const refused = (x: Exchange) => x.status === 401;
  const judgeOne = (id: RequestCheck, what: string, x: Exchange) =>
    t.check(id, refused(x), {
      message: `${what} answered HTTP ${statusOrError(x)}`,
      expected: 'HTTP 401',
      actual: answer(x),
      exchanges: [control, x],
    });
  judgeOne(`${p}.signature-absent`, 'a request carrying no signature', await send({ omit: ['signature'] }));
  judgeOne(
    `${p}.signature-header-missing`,
    'a request carrying Signature-Input without Signature',
    await send({ replace: [signatureStep({ drop: 'Signature' })] }),
  );
  judgeOne(
    `${p}.signature-input-missing`,
    'a request carrying Signature without Signature-Input',
    await send({ replace: [signatureStep({ drop: 'Signature-Input' })] }),
  );
  if (op.method !== 'GET')
    judgeOne(
      `${p}.signature-digest-missing`,
      'a signed request with a body and no Content-Digest',
      await send({ omit: ['content-digest'] }),
    );
  // Each component the served request's signature covered, left out in turn: the signature still verifies.
  const covered = coveredBy(control);
  if (covered.length === 0)
    return t.notTested(`${p}.signature-component-left-out`, 'the served request names no covered components', [
      control,
    ]);
  const served: { component: string; x: Exchange }[] = [];
  for (const component of covered) {
    const x = await send({ replace: [signatureStep({ leaveOut: component })] });
    if (!refused(x)) served.push({ component, x });
  }
  t.check(`${p}.signature-component-left-out`, served.length === 0, {
    message: served.map((s) => `a signature leaving out ${s.component} answered HTTP ${statusOrError(s.x)}`).join('; '),
    expected: `HTTP 401 for a signature leaving out any of ${covered.join(', ')}`,
    actual: served.map((s) => answer(s.x)).join(' | '),
    exchanges: [control, ...served.map((s) => s.x)],
  });
}

/** The components the signature of a request the checker sent covers (it signs one, sig1). */
function coveredBy(x: Exchange): string[] {
  const header = (name: string) =>
    Object.entries(x.requestHeaders).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  const input = header('Signature-Input');
  const signature = header('Signature');
  if (input === undefined || signature === undefined) return [];
  const parsed = parseSignatures(input, signature);
  return Array.isArray(parsed) ? (parsed[0]?.components ?? []) : [];
}

/** A kid no platform profile publishes. */
const UNKNOWN_KEYID = 'proto-conformance-unpublished-key';
