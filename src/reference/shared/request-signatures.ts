import type { IncomingMessage } from 'node:http';
import type { Operation } from '../../protocol/operations.js';
import { digestOf, inspectSignatures, parseContentDigest } from '../../protocol/signatures.js';
import { isLoopback } from '../../protocol/loopback.js';
import type { Hooks } from './hooks.js';
import type { LayerHooks } from './layer-hooks.js';
import type { PlatformProfileResolver } from './platform-profiles.js';
import { transportError, type Reply } from './replies.js';

/** Under signatures-on-complete-only, the operations whose requests must be signed (the config says the same). */
export const SIGNED_ON_COMPLETE_ONLY = ['checkout.complete', 'booking.complete'];

/** Operations that change state: what a business that verifies request signatures protects. */
export const changesState = (op: Operation) => op.method !== 'GET' && !op.capability.startsWith('shopping.catalog');

/**
 * Request signature verification, where the business verifies them ('request-signature.verified';
 * Document 1 §Authentication): a state-changing request must carry a Content-Digest of its body and
 * an RFC 9421 signature by a key of the platform profile its Proto-Agent names; a read may be
 * unsigned, but a signature it carries must verify; otherwise 401. A platform profile the reference
 * cannot fetch (not on loopback) cannot be checked, and its signatures are taken as they are. The
 * faults act at 'request-signature.refusal'.
 */
export function signatureRefusal(
  req: IncomingMessage,
  raw: string,
  op: Operation,
  platform: string,
  profiles: PlatformProfileResolver,
  hooks: Hooks<LayerHooks>,
): Reply | undefined {
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
  );
  const refuse = (why: string) => transportError(401, 'unauthorized', why);
  const fails = (check: 'digest' | 'key' | 'signature', why: string) =>
    hooks.run('request-signature.refusal', refuse(why), { check });
  if (!headers['signature-input'] || !headers.signature) {
    return changesState(op)
      ? refuse('this business requires a signed request (Signature, Signature-Input)')
      : undefined;
  }
  if (!isLoopback(platform)) return undefined;
  if (raw.length > 0 || headers['content-digest']) {
    const digests = headers['content-digest'] ? parseContentDigest(headers['content-digest']) : undefined;
    const sha = digests instanceof Map ? digests.get('sha-256') : undefined;
    const refused =
      (!sha || !digestOf('sha-256', raw)?.equals(sha)) && fails('digest', 'Content-Digest does not match the body');
    if (refused) return refused;
  }
  const url = new URL(req.url ?? '/', 'http://placeholder');
  const found = inspectSignatures(
    // HTTP/2 carries the authority in :authority, not Host (RFC 9113 §8.3.1).
    {
      method: req.method,
      authority: headers.host ?? (headers[':authority'] as string | undefined),
      path: url.pathname,
      headers,
    },
    profiles.keysOf(platform),
  );
  if (!Array.isArray(found) || found.length === 0) return refuse('the signature headers cannot be read');
  const { result, detail, keyid } = found[0];
  if (result === 'unknown_key') return fails('key', `no key ${String(keyid)} in the platform profile ${platform}`);
  return result === 'valid'
    ? undefined
    : fails('signature', detail ? `the signature ${detail}` : `the signature does not verify (${result})`);
}
