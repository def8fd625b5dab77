import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Operation } from '../../protocol/operations.js';
import type { FaultSet } from '../switches.js';
import { transportError, type Reply } from './replies.js';
import type { VariationSet } from '../switches.js';

/** Credentials the reference business issues when an auth variation is on. */
export const REFERENCE_API_KEY = 'ref-api-key-7c1e9a52';
export const REFERENCE_BEARER_TOKEN = 'ref-bearer-3f8d20c4';
/** A credential that authenticates but carries no permission: every covered request with it gets 403. */
export const REFERENCE_UNSCOPED_API_KEY = 'ref-unscoped-key-51b7e0aa';
export const REFERENCE_UNSCOPED_BEARER_TOKEN = 'ref-unscoped-bearer-9e2c4f13';

/** The auth scheme in force, and the operations it covers; undefined when every operation is open. */
export function authScheme(
  variations: VariationSet,
): { scheme: 'api-key' | 'bearer'; covers: (op: Operation) => boolean } | undefined {
  if (variations.has('auth-api-key')) return { scheme: 'api-key', covers: () => true };
  if (variations.has('auth-bearer')) return { scheme: 'bearer', covers: () => true };
  // A public catalog and cart; checkout and order need the key.
  if (variations.has('auth-checkout-only'))
    return {
      scheme: 'api-key',
      covers: (op) => op.capability === 'shopping.checkout' || op.capability === 'shopping.order',
    };
  return undefined;
}

/**
 * Authentication, for every service module (Document 1 §Authentication, §Errors): 401 for a
 * missing or invalid credential, 403 for one that may not do this. The auth faults act here.
 */
export function authRefusal(
  req: IncomingMessage,
  op: Operation,
  faults: FaultSet,
  variations: VariationSet,
): Reply | undefined {
  const auth = authScheme(variations);
  if (!auth?.covers(op)) return undefined;
  const presented =
    auth.scheme === 'api-key' ? req.headers['x-api-key'] : /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const [full, unscoped] =
    auth.scheme === 'api-key'
      ? [REFERENCE_API_KEY, REFERENCE_UNSCOPED_API_KEY]
      : [REFERENCE_BEARER_TOKEN, REFERENCE_UNSCOPED_BEARER_TOKEN];
  const what = auth.scheme === 'api-key' ? 'X-API-Key' : 'a Bearer token';
  if (typeof presented !== 'string' || presented === '') {
    if (faults.has('auth-missing-credential-accepted')) return undefined;
    return transportError(faults.has('auth-missing-credential-403') ? 403 : 401, 'unauthorized', `${what} is required`);
  }
  if (presented !== full && presented !== unscoped) {
    return faults.has('auth-invalid-credential-accepted')
      ? undefined
      : transportError(401, 'unauthorized', `${what} is not one this business issued`);
  }
  if (presented === unscoped && !faults.has('auth-forbidden-accepted')) {
    return transportError(403, 'forbidden', `this credential carries no permission for ${op.name}`);
  }
  return undefined;
}

/**
 * Mutual TLS under mtls-required (Document 1 §Authentication: "Mutual TLS"): a service request
 * must come over a connection whose client certificate the business's CA signed; otherwise 401.
 * The mTLS faults act here.
 */
export function certificateRefusal(req: IncomingMessage, faults: FaultSet): Reply | undefined {
  const socket = req.socket as TLSSocket;
  if (socket.authorized || faults.has('mtls-unchecked')) return undefined;
  const presented = Object.keys(socket.getPeerCertificate?.() ?? {}).length > 0;
  if (presented && faults.has('mtls-any-certificate')) return undefined;
  return transportError(
    401,
    'unauthorized',
    presented ? 'the client certificate is not one this business trusts' : 'a client certificate is required',
  );
}
