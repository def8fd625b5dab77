import { canonicalJson } from '../../protocol/canonical.js';
import type { Operation } from '../../protocol/operations.js';
import { contentDigestHeader, signMessage } from '../../protocol/signatures.js';
import type { FaultSet } from '../faults.js';
import type { ReferenceKeys } from '../profile.js';
import type { VariationSet } from '../variations.js';

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
  const advised = (op.name === 'checkout.complete' && !faults.has('complete-responses-unsigned'))
    || (op.name === 'order.get' && !faults.has('order-responses-unsigned'));
  // A business that publishes no keys cannot sign verifiably.
  if ((!everywhere && !advised) || variations.has('profile-no-keys')) return {};
  let body: string;
  try {
    body = faults.has('response-digest-raw-bytes') ? text : canonicalJson(JSON.parse(text));
  } catch {
    return {};
  }
  const digest = faults.has('response-digest-wrong') ? contentDigestHeader(`${body} `) : contentDigestHeader(body);
  const key = variations.has('responses-signed-ed25519') ? keys.signing.okp : keys.signing.ec;
  const headers = { 'content-type': type, 'content-digest': digest };
  return {
    'Content-Digest': digest,
    ...signMessage({ status, headers }, COMPONENTS, key, {
      keyid: faults.has('response-signature-unknown-kid') ? 'ref-retired-key' : undefined,
      // response-signature-wrong-components: the base leaves content-type out, while Signature-Input names it.
      baseComponents: faults.has('response-signature-wrong-components') ? COMPONENTS.filter((c) => c !== 'content-type') : undefined,
      tamper: faults.has('response-signature-tampered'),
    }),
  };
}
