import type { ScenarioContext } from '../../src/engine/context.js';
import { type Exchange, statusOrError } from '../../src/report/exchange.js';
import type { Operation } from '../../src/protocol/operations.js';
import { contentDigestStep, signatureStep, type RequestStep } from '../../src/http/pipeline.js';
import { answer, covers, type RequestCheck, type Send } from './probe.js';

/** A request without a body carries no Content-Digest: no digest check for a GET. */
export const signatureCheckIds = (op: Operation) =>
  (['tampered', ...(op.method === 'GET' ? [] : ['digest-wrong' as const]), 'unknown-keyid'] as const).map(
    (k) => `requests.${op.name}.signature-${k}` as const,
  );

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
}

/** A kid no platform profile publishes. */
const UNKNOWN_KEYID = 'proto-conformance-unpublished-key';
