import type { IncomingMessage } from 'node:http';
import { digestOf, inspectSignatures, parseContentDigest, requestComponentsOf } from '../../protocol/signatures.js';
import { isLoopback } from '../../protocol/loopback.js';
import type { Hooks } from './hooks.js';
import type { LayerHooks, SignatureCheck } from './layer-hooks.js';
import type { PlatformProfileResolver } from './platform-profiles.js';
import { transportError, type Reply } from './replies.js';

/** Under signatures-on-complete-only, the operations whose requests must be signed (the config says the same). */
export const SIGNED_ON_COMPLETE_ONLY = ['checkout.complete', 'booking.complete'];

/**
 * Request signature verification, where the business verifies them ('request-signature.verified';
 * Document 1 §Authentication): every request must carry Signature and Signature-Input, a body its
 * Content-Digest, and a signature by a key of the platform profile its Proto-Agent names that covers
 * the listed components the request has; otherwise 401. A platform profile the reference cannot
 * fetch (not on loopback) cannot be checked, and its signatures are taken as they are. The faults
 * act at 'request-signature.refusal'.
 */
export function signatureRefusal(
  req: IncomingMessage,
  raw: string,
  platform: string,
  profiles: PlatformProfileResolver,
  hooks: Hooks<LayerHooks>,
): Reply | undefined {
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
  );
  const fails = (check: SignatureCheck, why: string) =>
    hooks.run('request-signature.refusal', transportError(401, 'unauthorized', why), { check });
  const input = headers['signature-input'];
  const signature = headers.signature;
  if (!input || !signature) {
    const check = !input && !signature ? 'absent' : !signature ? 'signature-missing' : 'input-missing';
    const refused = fails(check, `this business requires a signed request: ${missingWords(input, signature)}`);
    if (refused) return refused;
  }
  if (!isLoopback(platform)) return undefined;
  if (raw.length > 0 && !headers['content-digest']) {
    const refused = fails('digest-missing', 'a signed request with a body carries Content-Digest');
    if (refused) return refused;
  } else if (raw.length > 0 || headers['content-digest']) {
    const digests = headers['content-digest'] ? parseContentDigest(headers['content-digest']) : undefined;
    const sha = digests instanceof Map ? digests.get('sha-256') : undefined;
    const refused =
      (!sha || !digestOf('sha-256', raw)?.equals(sha)) && fails('digest', 'Content-Digest does not match the body');
    if (refused) return refused;
  }
  // A part let through by a fault leaves nothing to verify.
  if (!input || !signature) return undefined;
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
  if (!Array.isArray(found) || found.length === 0)
    return transportError(401, 'unauthorized', 'the signature headers cannot be read');
  const { result, detail, keyid, components } = found[0];
  if (result === 'unknown_key') return fails('key', `no key ${String(keyid)} in the platform profile ${platform}`);
  if (result !== 'valid')
    return fails('signature', detail ? `the signature ${detail}` : `the signature does not verify (${result})`);
  const left = requestComponentsOf(headers).filter((c) => !components.includes(c));
  return left.length ? fails('components', `the signature does not cover ${left.join(', ')}`) : undefined;
}

function missingWords(input: string | undefined, signature: string | undefined): string {
  if (!input && !signature) return 'it carries neither Signature nor Signature-Input';
  return !signature ? 'Signature-Input without Signature' : 'Signature without Signature-Input';
}
