import { canonicalJson } from '../../protocol/canonical.js';
import type { Operation } from '../../protocol/operations.js';
import { contentDigestHeader, signMessage } from '../../protocol/signatures.js';
import type { Hooks } from './hooks.js';
import type { ReferenceKeys } from './keys.js';
import type { LayerHooks, SignedBecause } from './layer-hooks.js';

/** The components a response signature covers. */
export const RESPONSE_COMPONENTS = ['@status', 'content-type', 'content-digest'];

/** The operations whose responses the spec advises signing: complete checkout (RECOMMENDED), order (SHOULD). */
const ADVISED = ['checkout.complete', 'order.get'];

/**
 * Response signing, for every service module (Document 1 §Authentication): complete checkout
 * responses (RECOMMENDED) and order responses (SHOULD) are signed with a Content-Digest over the
 * RFC 8785 body. The signing faults and variations act at the 'response-signature.*' hook points.
 */
export function signatureHeaders(
  op: Operation,
  status: number,
  type: string,
  text: string,
  ctx: { keys: ReferenceKeys; hooks: Hooks<LayerHooks>; publishesKeys: boolean },
): Record<string, string> {
  const { hooks, keys } = ctx;
  const advised: SignedBecause = ADVISED.includes(op.name) ? 'advised' : undefined;
  const signed = hooks.run('response-signature.signed', advised, { op });
  // A business that publishes no keys cannot sign verifiably.
  if (!signed || !ctx.publishesKeys) return {};
  let canonical: string | undefined;
  try {
    canonical = canonicalJson(JSON.parse(text));
  } catch {
    // No JSON: nothing to digest.
  }
  const body = hooks.run('response-signature.digested', canonical, { text });
  if (body === undefined) return {};
  const digest = hooks.run('response-signature.digest', contentDigestHeader(body));
  const headers: Record<string, string> = { 'content-type': type, 'content-digest': digest };
  const sig1 = hooks.run(
    'response-signature.sig1',
    { message: { status, headers }, components: RESPONSE_COMPONENTS, key: keys.signing.ec, options: {} },
    { keys },
  );
  const all = [
    signMessage(sig1.message, sig1.components, sig1.key, sig1.options),
    // Further signatures beside sig1 (RFC 9421 §4.3: a message may carry several).
    ...hooks.run('response-signature.more', [], {
      op,
      message: { status, headers },
      components: RESPONSE_COMPONENTS,
      keys,
    }),
  ];
  return hooks.run('response-signature.headers', {
    'Content-Digest': digest,
    'Signature-Input': all.map((s) => s['Signature-Input']).join(', '),
    Signature: all.map((s) => s.Signature).join(', '),
  });
}

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
      RESPONSE_COMPONENTS,
      keys.signing.ec,
    ),
  };
}
