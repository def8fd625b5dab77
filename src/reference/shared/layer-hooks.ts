/**
 * The hook points of the shared layer (server.ts, profile.ts, run-config.ts and shared/): where the business around
 * the service modules could choose differently or break. Each carries a value the conformant business computes, and
 * the plugs of the faults and variations on transform it (src/reference/shared/hooks.ts).
 */
import type { RunConfig } from '../../config/config.js';
import type { Dialect } from '../../dialect/dialect.js';
import type { Operation } from '../../protocol/operations.js';
import type { SignedMessage, signMessage } from '../../protocol/signatures.js';
import type { Hook } from './hooks.js';
import type { KeyName, ReferenceKeys } from './keys.js';
import type { Reply, ReplyMessage } from './replies.js';

export type Json = Record<string, unknown>;

export type TransportError = Extract<Reply, { kind: 'transport-error' }>;

/** A response as written to the wire, so a replay can return exactly it. */
export interface StoredResponse {
  status: number;
  text: string;
  type: string;
  /** Headers beside Content-Type (a signature), replayed with the body. */
  headers?: Record<string, string>;
}

/** How the business is put together: read once, at start-up. */
export interface Assembly {
  /** Where the services listen: on the profile's origin, or on an origin of their own. */
  servicesOrigin: 'profile' | 'own';
  /** Whether it serves HTTPS with its bundled certificate (a certificate it is started with is served in any case). */
  https: boolean;
  /** The oldest TLS version a handshake may agree on (Document 1 §What the service does: TLS 1.3 at least). */
  minTls: 'TLSv1.2' | 'TLSv1.3';
  /** Whether a client certificate is asked for at the handshake, to be judged per request. */
  clientCertificates: boolean;
  /** Whether responses go out in chunks, without Content-Length. */
  chunked: boolean;
  /** Whether bodies go out gzip-coded (Content-Encoding: gzip) to a request that does not refuse it. */
  gzip: boolean;
  /** Whether the services' own origin (servicesOrigin 'own') is plain http, whatever the profile's is. */
  servicesPlainHttp?: boolean;
  /** Whether it speaks HTTP/2 only, agreed by ALPN over TLS (`h2`): a client offering only HTTP/1.1 gets no answer. */
  http2?: boolean;
}

/** The authentication the business requires, and of which operations; none when every operation is open. */
export interface AuthScheme {
  scheme: 'api-key' | 'bearer';
  covers(op: Operation): boolean;
  /** The credential with every permission and the one with none; the bundled ones by default. */
  credentials?: { full: string; unscoped: string };
}

/** Where a refusal to authenticate comes from, and what the request presented there. */
export interface Presented {
  op: Operation;
  /** A credential (API key, bearer token) or a client certificate (mutual TLS). */
  mechanism: 'credential' | 'certificate';
  /** None; one the business does not know (or trust); one without permission for the operation. */
  presented: 'none' | 'unknown' | 'unscoped';
}

/** What the agent header is wrong with: absent, no RFC 8941 dictionary, or no profile member in it. */
export type AgentProblem = 'missing' | 'not-dictionary' | 'no-profile';

/** What the business does with a request that lacks members the spec requires, instead of refusing it. */
export interface MissingFill {
  /** The members filled in. */
  values: Record<string, unknown>;
  /** Messages the answer carries about them. */
  messages: ReplyMessage[];
}

/** A request that carries an Idempotency-Key, as the store sees it. */
export interface KeyedRequest {
  /** The platform's profile URL: keys are the platform's, not global. */
  platform: string;
  key: string;
  operation: string;
  method: string;
  path: string;
  rawBody: string;
}

/** What the idempotency store does with a request under a key it holds a result for. */
export type IdempotencyAction =
  | 'replay'
  | 'conflict'
  | 'process'
  /** Processed, then answered as a conflict anyway: the effect happened. */
  | 'process-then-conflict';

/** What a request signature is checked for (src/reference/shared/request-signatures.ts). */
export type SignatureCheck =
  | 'digest'
  | 'key'
  | 'signature'
  | 'absent'
  | 'signature-missing'
  | 'input-missing'
  | 'digest-missing'
  | 'components';

/** Why a response is signed: as the spec advises (complete checkout, order), or by the business's own choice. */
export type SignedBecause = 'advised' | 'chosen' | undefined;

/** One response signature (RFC 9421) to make: the message, what it covers, the key, and signMessage's options. */
export interface SignatureToMake {
  message: SignedMessage;
  components: string[];
  key: Record<string, unknown>;
  options: NonNullable<Parameters<typeof signMessage>[3]>;
}

/** A signature made: its Signature-Input and Signature members. */
export type MadeSignature = { 'Signature-Input': string; Signature: string };

/** A member of the profile whose value is an array: of a registry's entries, or of keys. */
export type ProfileArray = 'services' | 'capabilities' | 'payment_handlers' | 'keys';

/** Where the services are served, and the version their entries state. */
export interface ServicesAt {
  base: string;
  version: string;
}

/**
 * What a run's config needs for the variations on (`--write-config`, referenceRunConfig): the
 * business's fixtures, and what the variations ask of a platform. referenceRunConfig lays it out,
 * each member where a config has it.
 */
export interface RunConfigNeeds {
  /** The fixtures: the business's own (a plug adjusts them, or adds one). */
  fixtures: NonNullable<RunConfig['fixtures']>;
  /** The operations whose requests must be signed. */
  signing?: RunConfig['signing'];
  /** The operations a client certificate is required for (mutual TLS). */
  certificateFor?: string[];
  /** The CA to trust and the client certificate to present (PEM files). */
  tls?: RunConfig['tls'];
  /** The credential both platforms send, and what the config says about authentication. */
  credential?: { headers: Record<string, string>; auth: RunConfig['auth'] };
  /** Members requests of an operation must carry beside those the spec requires. */
  requests?: RunConfig['requests'];
}

export interface LayerHooks {
  // Assembly, read once at start-up.
  /** How the business is put together (its origins, TLS, framing). */
  'server.assembly': Hook<Assembly>;
  /** A signing key's kid: its RFC 7638 thumbprint. */
  'keys.kid': Hook<string, { key: KeyName }>;
  /** What a run's config needs (referenceRunConfig runs it over the variations it is given). */
  'run-config.needs': Hook<RunConfigNeeds, { business?: { url: string; servicesUrl: string } }>;

  // Versions.
  /** The version the business states everywhere: the protocol's date. */
  'version.protocol': Hook<string>;
  /** The version the service entries state (conformant: the protocol's). */
  'version.services': Hook<string>;
  /** The version capability entries state unless a capability has its own (conformant: the protocol's). */
  'version.capabilities': Hook<string>;
  /** The version one capability is advertised and echoed at (conformant: that of the capability entries). */
  'version.capability': Hook<string, { capability: string }>;

  // The profile document.
  /** The profile's Content-Type. */
  'profile.content-type': Hook<string>;
  /** The answer at the well-known address (conformant: the profile document, 200). */
  'profile.response': Hook<StoredResponse>;
  /** Whether the profile's own response is signed (where the business publishes keys to sign with). */
  'profile.signed': Hook<boolean>;
  /** The profile document: the envelope member, then the keys. */
  'profile.document': Hook<Json>;
  /** The profile's envelope member: version, services, capabilities, payment_handlers. */
  'profile.envelope': Hook<Json>;
  /** The capabilities advertised (wire names): those of the modules served. */
  'profile.capabilities': Hook<string[], { dialect: Dialect }>;
  /** One entry of a service (its rest entry) or of a capability. */
  'profile.entry': Hook<Json, { registry: 'services' | 'capabilities'; name: string }>;
  /** An array member of the profile: a registry's entries (here one, `entry`), or the keys (`entry`: the EC key). */
  'profile.entries': Hook<Json | Json[], { registry: ProfileArray; entry: Json; services: ServicesAt }>;
  /** One key as published. */
  'profile.key': Hook<Json, { key: 'ec' | 'okp'; keys: ReferenceKeys }>;
  /** The keys published, the business's to sign with; none leaves the keys member out. */
  'profile.keys': Hook<Json[] | undefined, { keys: ReferenceKeys }>;

  // Answers: the envelope and error bodies.
  /** The Content-Type of service responses. */
  'response.content-type': Hook<string>;
  /** An HTTP error's body (Document 1 §Errors: code and content). */
  'transport-error.json': Hook<Json, { error: TransportError }>;
  /** An HTTP error as written. */
  'transport-error.response': Hook<StoredResponse, { error: TransportError }>;
  /** The version a response states in its envelope; `versions` are those of its service and capability entries. */
  'envelope.version': Hook<string, { op?: Operation; versions: { service: string; capability: string } }>;
  /** The envelope's status: error for an error response, success otherwise; none leaves it out. */
  'envelope.status': Hook<string | undefined, { error: boolean }>;
  /** The entry a response echoes for its capability. */
  'envelope.capability-echo': Hook<Json, { op: Operation }>;
  /** The envelope of a service response. */
  'envelope.json': Hook<Json, { op?: Operation; dialect: Dialect; versions: { protocol: string; service: string } }>;
  /** The messages of a business error response; none leaves them out. */
  'envelope.error-messages': Hook<ReplyMessage[] | undefined, { reply: Extract<Reply, { kind: 'business-error' }> }>;
  /** A service response's body, envelope and all. */
  'response.json': Hook<Json, { envelopeKey: string }>;

  // A request on its way to a handler.
  /**
   * The answer to a request before anything reads it (a 429): none. `recent`: requests in the last 1 s;
   * `repeated`: requests identical to this one (method, path, Idempotency-Key, body) in the last 1 s.
   */
  'transport.refusal': Hook<StoredResponse | undefined, { recent: number; repeated: number }>;
  /** The refusal of a request that reached an operation's route: none, as every route is served. */
  'route.refusal': Hook<Reply | undefined, { op: Operation; method: string; path: string }>;
  /** The refusal of a well-formed request for what its body carries (signals it distrusts): none. */
  'request.body-refusal': Hook<Reply | undefined, { op: Operation; body: Json }>;
  /** The authentication required. */
  'auth.scheme': Hook<AuthScheme | undefined>;
  /** The refusal of a request that did not authenticate: 401, or 403 for a credential without permission. */
  'auth.refusal': Hook<Reply | undefined, Presented>;
  /** The caller's profile URL from the agent header, or the refusal of a header without a usable one. */
  'agent.platform': Hook<string | Reply, { header?: string; problem?: AgentProblem }>;
  /** Whether the platform profile the agent header names is resolved before the operation is served. */
  'platform-profile.resolved': Hook<boolean, { op: Operation }>;
  /** The refusal of a platform profile that cannot be fetched (424) or is no profile (422). */
  'platform-profile.refusal': Hook<Reply | undefined, { url: string; failure: 'unreachable' | 'malformed' }>;
  /** What is wrong with one key of a platform profile that has a kid and a kty (`known`: a type the business knows). */
  'platform-profile.key-problem': Hook<string | undefined, { key: Json; known: boolean }>;
  /** Whether the request signature of an operation is verified. */
  'request-signature.verified': Hook<boolean, { op: Operation }>;
  /**
   * The refusal of a request whose signature fails a check: its digest, its key, or the signature itself; a part
   * missing (no signature at all, one of its two headers, the Content-Digest of a body); a listed component left out.
   */
  'request-signature.refusal': Hook<Reply | undefined, { check: SignatureCheck }>;
  /** The headers an operation's requests must carry. */
  'request.required-headers': Hook<string[], { op: Operation }>;
  /**
   * The answer to a body that is no JSON object: its refusal; `parserFailed` when the JSON parser threw. `held`:
   * whether the module holds the resource in the path (none without one); `answer` runs the handler with another body.
   */
  'request.json-refusal': Hook<
    Reply,
    {
      parserFailed: boolean;
      op: Operation;
      held: boolean | undefined;
      answer: (body: Record<string, unknown>) => Reply;
    }
  >;
  /** What is done with a request that lacks required members instead of refusing it: nothing. */
  'required-members.fill': Hook<
    MissingFill | undefined,
    { op: Operation; absent: string[]; defaults: Record<string, unknown> }
  >;
  /** The refusal of a request that lacks required members (the module's, or HTTP 400). */
  'required-members.refusal': Hook<Reply, { op: Operation; absent: string[] }>;

  // Idempotency (Document 1 §Limits).
  /** Whether the store keeps (and looks up) results under this request's key. */
  'idempotency.stored': Hook<boolean, { request: KeyedRequest }>;
  /**
   * Whether a result stored this long ago (ms) is still held: always, for the life of the process, which outlasts the
   * 24 hours of Document 1 §Limits for any test run.
   */
  'idempotency.kept': Hook<boolean, { request: KeyedRequest; ageMs: number }>;
  /** What a key is scoped to beside the platform: nothing. */
  'idempotency.scope': Hook<string, { request: KeyedRequest }>;
  /** The form of the body that is compared: its bytes. */
  'idempotency.body': Hook<string, { request: KeyedRequest }>;
  /** What is done with a request under a key holding a result: replay a matching one, refuse another. */
  'idempotency.action': Hook<IdempotencyAction, { request: KeyedRequest; matches: boolean; stored: StoredResponse }>;
  /** The refusal of a key used with a different request (409). */
  'idempotency.conflict': Hook<Reply>;
  /** A replay: the stored response as it was written. */
  'idempotency.replay': Hook<StoredResponse, { stored: StoredResponse }>;

  // Response signing (Document 1 §Authentication).
  /** Whether, and why, the response to an operation is signed. */
  'response-signature.signed': Hook<SignedBecause, { op: Operation }>;
  /** What Content-Digest is computed over: the RFC 8785 form of the body (none when the body is no JSON). */
  'response-signature.digested': Hook<string | undefined, { text: string }>;
  /** The Content-Digest field value. */
  'response-signature.digest': Hook<string>;
  /** The response's signature (sig1). */
  'response-signature.sig1': Hook<SignatureToMake, { keys: ReferenceKeys }>;
  /** Signatures made beside sig1. */
  'response-signature.more': Hook<
    MadeSignature[],
    { op: Operation; message: SignedMessage; components: string[]; keys: ReferenceKeys }
  >;
  /** The signature headers of a signed response. */
  'response-signature.headers': Hook<Record<string, string>>;
}
