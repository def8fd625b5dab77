import { wireName, type Dialect } from '../../dialect/dialect.js';
import type { Operation } from '../../protocol/operations.js';
import type { Versions } from '../profile.js';
import type { Hooks } from './hooks.js';
import type { ReferenceKeys } from './keys.js';
import type { Json, LayerHooks, StoredResponse } from './layer-hooks.js';
import type { ServiceModule } from './module.js';
import type { Reply, ReplyMessage } from './replies.js';
import { signatureHeaders } from './signing.js';

/** Writes a reply as a response: an HTTP error body, or the body in its envelope. */
export type Render = (r: Reply, op?: Operation) => StoredResponse;

export interface EnvelopeInputs {
  dialect: Dialect;
  hooks: Hooks<LayerHooks>;
  versions: Versions;
  keys: ReferenceKeys;
  /** Whether the business publishes keys, and so signs its responses. */
  publishesKeys: boolean;
  /** The module of each capability served, for the members it adds to the envelope. */
  moduleOf: ReadonlyMap<string, ServiceModule>;
}

/**
 * The envelope renderer: wraps a handler's reply in the envelope, once for every endpoint
 * (Document 1 §Response envelope, §Errors). The envelope faults and variations act at its hooks.
 */
export function envelopeRenderer({ dialect, hooks, versions, keys, publishesKeys, moduleOf }: EnvelopeInputs): Render {
  const type = hooks.run('response.content-type', 'application/json');

  const transportError = (error: Extract<Reply, { kind: 'transport-error' }>): StoredResponse => {
    const json = hooks.run('transport-error.json', { code: error.code, content: error.content }, { error });
    return hooks.run('transport-error.response', { status: error.status, text: JSON.stringify(json), type }, { error });
  };

  const envelope = (r: Exclude<Reply, { kind: 'transport-error' }>, op?: Operation): Json => {
    // Any unrecoverable error makes the response an error response, resource or not.
    const messages = r.kind === 'resource' && Array.isArray(r.body.messages) ? (r.body.messages as ReplyMessage[]) : [];
    const error =
      r.kind === 'business-error' || messages.some((m) => m.type === 'error' && m.severity === 'unrecoverable');
    const status = hooks.run('envelope.status', error ? 'error' : 'success', { error });
    const stated = {
      service: versions.services,
      capability: op ? versions.capability(op.capability) : versions.protocol,
    };
    return hooks.run(
      'envelope.json',
      {
        version: hooks.run('envelope.version', versions.protocol, { op, versions: stated }),
        ...(status === undefined ? {} : { status }),
        ...(op
          ? {
              capabilities: {
                [wireName(dialect, op.capability)]: [
                  hooks.run('envelope.capability-echo', { version: versions.capability(op.capability) }, { op }),
                ],
              },
            }
          : {}),
        ...(op ? moduleOf.get(op.capability)?.envelope?.(op) : {}),
      },
      { op, dialect, versions: { protocol: versions.protocol, service: versions.services } },
    );
  };

  return (r, op) => {
    if (r.kind === 'transport-error') return transportError(r);
    const wrapped = envelope(r, op);
    let body: Json;
    if (r.kind === 'business-error') {
      const messages = hooks.run('envelope.error-messages', r.messages, { reply: r });
      body = { [dialect.envelopeKey]: wrapped, ...(messages ? { messages } : {}), ...r.extra };
    } else body = { [dialect.envelopeKey]: wrapped, ...r.body };
    const status = r.status ?? 200;
    const text = JSON.stringify(hooks.run('response.json', body, { envelopeKey: dialect.envelopeKey }));
    return {
      status,
      text,
      type,
      headers: op ? signatureHeaders(op, status, type, text, { keys, hooks, publishesKeys }) : {},
    };
  };
}
