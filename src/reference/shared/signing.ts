import { canonicalJson } from '../../protocol/canonical.js';
import type { Operation } from '../../protocol/operations.js';
import { contentDigestHeader, signMessage } from '../../protocol/signatures.js';
import type { FaultSet } from '../switches.js';
import type { ReferenceKeys } from '../profile.js';
import type { VariationSet } from '../switches.js';

/** The components a response signature covers. */
const COMPONENTS = ['@status', 'content-type', 'content-digest'];

/**
 * Response signing, for every service module (Document 1 §Authentication): complete checkout
 * responses (RECOMMENDED) and order responses (SHOULD) are signed with a Content-Digest over the
 * RFC 8785 body; under responses-signed-everywhere every service response is. The signing faults
 * act here.
 */
export function signatureHeaders(
  op: Operation,
  status: number,
  type: string,
  text: string,
  ctx: { keys: ReferenceKeys; faults: FaultSet; variations: VariationSet },
): Record<string, string> {
  const { faults, variations, keys } = ctx;
  const everywhere = variations.has('responses-signed-everywhere');
  const advised =
    (op.name === 'checkout.complete' && !faults.has('complete-responses-unsigned')) ||
    (op.name === 'order.get' && !faults.has('order-responses-unsigned'));
  // A business that publishes no keys cannot sign verifiably.
  if ((!everywhere && !advised) || !publishesKeys(variations)) return {};
  let body: string;
  try {
    body = faults.has('response-digest-raw-bytes') ? text : canonicalJson(JSON.parse(text));
  } catch {
    return {};
  }
  let digest = faults.has('response-digest-wrong') ? contentDigestHeader(`${body} `) : contentDigestHeader(body);
  // response-digest-quoted: the digest as an RFC 8941 string, not the byte sequence `sha-256=:…:`.
  if (faults.has('response-digest-quoted')) digest = digest.replace(/=:(.*):$/, '="$1"');
  const key = variations.has('responses-signed-ed25519') ? keys.signing.okp : keys.signing.ec;
  const headers: Record<string, string> = { 'content-type': type, 'content-digest': digest };
  // response-signature-absent-component: the request's component list copied, proto-agent with it,
  // a header the response does not carry.
  const absent = faults.has('response-signature-absent-component');
  const sig1 = signMessage(
    { status, headers: absent ? { ...headers, 'proto-agent': '' } : headers },
    absent ? [...COMPONENTS, 'proto-agent'] : COMPONENTS,
    key,
    {
      keyid: faults.has('response-signature-unknown-kid') ? 'ref-retired-key' : undefined,
      // response-signature-wrong-components: the base leaves content-type out, while Signature-Input names it.
      baseComponents: faults.has('response-signature-wrong-components')
        ? COMPONENTS.filter((c) => c !== 'content-type')
        : undefined,
      tamper: faults.has('response-signature-tampered'),
    },
  );
  // Further signatures beside sig1 (RFC 9421 §4.3: a message may carry several).
  const more: { 'Signature-Input': string; Signature: string }[] = [];
  if (variations.has('responses-also-signed-es512'))
    more.push(signMessage({ status, headers }, COMPONENTS, keys.signing.p521, { label: 'sig2' }));
  if (variations.has('responses-also-signed-request-bound')) {
    // RFC 9421 §2.4: `;req` takes the component from the request the response answers.
    more.push(
      signMessage({ status, headers, request: { method: op.method, headers: {} } }, COMPONENTS, keys.signing.ec, {
        label: 'sig3',
        requestComponents: ['@method'],
      }),
    );
  }
  const all = [sig1, ...more];
  // response-signature-input-missing: Signature alone, with nothing saying what it covers or whose key made it.
  return {
    'Content-Digest': digest,
    ...(faults.has('response-signature-input-missing')
      ? {}
      : { 'Signature-Input': all.map((s) => s['Signature-Input']).join(', ') }),
    Signature: all.map((s) => s.Signature).join(', '),
  };
}

/** Whether the business publishes keys to sign with (profile-no-keys, profile-keys-empty: it does not). */
export const publishesKeys = (variations: VariationSet) =>
  !variations.has('profile-no-keys') && !variations.has('profile-keys-empty');

/** profile-response-signed: the profile document's own response, signed as a service response is. */
export function profileSignatureHeaders(
  status: number,
  type: string,
  text: string,
  keys: ReferenceKeys,
): Record<string, string> {
  const digest = contentDigestHeader(canonicalJson(JSON.parse(text)));
  return {
    'Content-Digest': digest,
    ...signMessage(
      { status, headers: { 'content-type': type, 'content-digest': digest } },
      COMPONENTS,
      keys.signing.ec,
    ),
  };
}
