import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Operation } from '../../protocol/operations.js';
import type { Hooks } from './hooks.js';
import type { LayerHooks } from './layer-hooks.js';
import { transportError, type Reply } from './replies.js';

/** Credentials the reference business issues when an auth variation is on. */
export const REFERENCE_API_KEY = 'ref-api-key-7c1e9a52';
export const REFERENCE_BEARER_TOKEN = 'ref-bearer-3f8d20c4';
/** A credential that authenticates but carries no permission: every covered request with it gets 403. */
export const REFERENCE_UNSCOPED_API_KEY = 'ref-unscoped-key-51b7e0aa';
export const REFERENCE_UNSCOPED_BEARER_TOKEN = 'ref-unscoped-bearer-9e2c4f13';

/**
 * Authentication, for every service module (Document 1 §Authentication, §Errors): 401 for a
 * missing or invalid credential, 403 for one that may not do this. The scheme is what 'auth.scheme'
 * gives (none: every operation is open); the auth faults act at 'auth.refusal'.
 */
export function authRefusal(req: IncomingMessage, op: Operation, hooks: Hooks<LayerHooks>): Reply | undefined {
  const auth = hooks.run('auth.scheme', undefined);
  if (!auth?.covers(op)) return undefined;
  const presented =
    auth.scheme === 'api-key' ? req.headers['x-api-key'] : /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const { full, unscoped } =
    auth.credentials ??
    (auth.scheme === 'api-key'
      ? { full: REFERENCE_API_KEY, unscoped: REFERENCE_UNSCOPED_API_KEY }
      : { full: REFERENCE_BEARER_TOKEN, unscoped: REFERENCE_UNSCOPED_BEARER_TOKEN });
  const what = auth.scheme === 'api-key' ? 'X-API-Key' : 'a Bearer token';
  const refuse = (refusal: Reply, presented: 'none' | 'unknown' | 'unscoped') =>
    hooks.run('auth.refusal', refusal, { op, mechanism: 'credential', presented });
  if (typeof presented !== 'string' || presented === '')
    return refuse(transportError(401, 'unauthorized', `${what} is required`), 'none');
  if (presented !== full && presented !== unscoped)
    return refuse(transportError(401, 'unauthorized', `${what} is not one this business issued`), 'unknown');
  if (presented === unscoped)
    return refuse(transportError(403, 'forbidden', `this credential carries no permission for ${op.name}`), 'unscoped');
  return undefined;
}

/**
 * Mutual TLS (Document 1 §Authentication: "Mutual TLS"), where the business asks for client
 * certificates: a service request must come over a connection whose client certificate the
 * business's CA signed; otherwise 401. The mTLS faults act at 'auth.refusal'.
 */
export function certificateRefusal(req: IncomingMessage, op: Operation, hooks: Hooks<LayerHooks>): Reply | undefined {
  const socket = req.socket as TLSSocket;
  if (socket.authorized) return undefined;
  const presented = Object.keys(socket.getPeerCertificate?.() ?? {}).length > 0;
  return hooks.run(
    'auth.refusal',
    transportError(
      401,
      'unauthorized',
      presented ? 'the client certificate is not one this business trusts' : 'a client certificate is required',
    ),
    { op, mechanism: 'certificate', presented: presented ? 'unknown' : 'none' },
  );
}
