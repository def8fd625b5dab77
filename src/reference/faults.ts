import { wireName } from '../dialect/dialect.js';
import { COMMON_FAULTS } from './common/faults.js';
import type { HookPoints } from './hook-points.js';
import { LODGING_FAULTS } from './lodging/faults.js';
import type { Json, StoredResponse } from './shared/layer-hooks.js';
import { businessError, missingMembers, transportError, type Reply, type ReplyMessage } from './shared/replies.js';
import { unrouted } from './shared/plugs.js';
import { plainJson } from './shared/transport.js';
import { RESPONSE_COMPONENTS } from './shared/signing.js';
import { SHOPPING_FAULTS } from './shopping/faults.js';
import { recordsFor, type Fault } from './records.js';

/** The curves Document 1 §Public JWK names for EC keys. */
const WELL_KNOWN_EC_CURVES = ['P-256', 'P-384'];
/** The curves whose alg a verifier derives (Document 1 §Public JWK). */
const WELL_KNOWN_CURVES = [...WELL_KNOWN_EC_CURVES, 'Ed25519'];
/** The members Document 1 §Public JWK lists for a public key. */
const JWK_MEMBERS = ['kid', 'kty', 'crv', 'x', 'y', 'alg', 'use'];

export type { Fault };

const { fault } = recordsFor<HookPoints>();

/** Whom a request without a usable agent header is served as, under the agent-header faults. */
const ANONYMOUS = 'urn:anonymous-platform';
/** A well-formed version the profile never advertises, for the version-echo faults. */
const UNADVERTISED_VERSION = '2099-01-01';
/** Under response-version-of-lodging, the version only the lodging capabilities are advertised at. */
const LODGING_ONLY_VERSION = '2026-01-20';

/** A fault that takes one operation's endpoint away: its route answers an HTTP error instead. */

/** profile-versions-missing: the profile's envelope without its version, nor any service or capability entry's. */
function withoutVersions({ version: _, ...envelope }: Json): Json {
  const unversioned = (entries: unknown) =>
    Array.isArray(entries)
      ? entries.map(({ version: _v, ...entry }: Json) => entry)
      : (({ version: _v, ...entry }: Json) => entry)(entries as Json);
  for (const registry of ['services', 'capabilities'])
    if (envelope[registry])
      envelope[registry] = Object.fromEntries(
        Object.entries(envelope[registry] as Json).map(([name, entries]) => [name, unversioned(entries)]),
      );
  return envelope;
}

/**
 * How long idempotency-keys-forgotten holds a result: long enough for every replay a run makes of its own requests
 * (each within a scenario, a few requests later), short enough for a test to wait out between two runs.
 */
export const FORGOTTEN_AFTER_MS = 10_000;

/** Whether a stored answer is a complete still in progress (idempotency-in-progress-reprocessed). */
function inProgress(stored: StoredResponse): boolean {
  try {
    return (JSON.parse(stored.text) as { status?: unknown }).status === 'complete_in_progress';
  } catch {
    return false;
  }
}

export const FAULTS = [
  // Profile
  fault({
    name: 'profile-version-format',
    capability: 'profile',
    description: 'proto.version in the profile is "v1", not a date.',
    breaks: ['PROF-001'],
    plug: { 'profile.envelope': (envelope) => ({ ...envelope, version: 'v1' }) },
  }),
  fault({
    name: 'profile-services-not-array',
    capability: 'profile',
    description: 'A service registry value is a lone object instead of an array of entries.',
    breaks: ['PROF-002'],
    plug: { 'profile.entries': (entries, { registry, entry }) => (registry === 'services' ? entry : entries) },
  }),
  fault({
    name: 'profile-capabilities-not-array',
    capability: 'profile',
    description: 'Capability registry values are lone objects instead of arrays.',
    breaks: ['PROF-003'],
    plug: { 'profile.entries': (entries, { registry, entry }) => (registry === 'capabilities' ? entry : entries) },
  }),
  fault({
    name: 'profile-handlers-not-array',
    capability: 'profile',
    description: 'The payment handler registry value is a lone object instead of an array.',
    breaks: ['PROF-004'],
    plug: { 'profile.entries': (entries, { registry, entry }) => (registry === 'payment_handlers' ? entry : entries) },
  }),
  fault({
    name: 'profile-entry-version-format',
    capability: 'profile',
    description: 'Capability entries carry version "1.0"; responses still echo the real version.',
    breaks: ['PROF-005', 'VER-002'],
    plug: {
      'profile.entry': (entry, { registry }) => (registry === 'capabilities' ? { ...entry, version: '1.0' } : entry),
    },
  }),
  fault({
    name: 'profile-not-served',
    capability: 'discovery',
    description:
      'The well-known address answers 404: the business serves no profile. Its services answer where the user names them (--endpoint).',
    breaks: ['PROF-013'],
    plug: { 'profile.response': () => ({ status: 404, text: 'Not Found', type: 'text/plain', headers: {} }) },
  }),
  fault({
    name: 'profile-capability-short-name',
    capability: 'discovery',
    description:
      'The profile advertises the cart capability as "cart", not by its reverse-domain name org.proto.shopping.cart.',
    breaks: ['PROF-016'],
    plug: {
      'profile.capabilities': (names, { dialect }) =>
        names.map((n) => (n === wireName(dialect, 'shopping.cart') ? 'cart' : n)),
    },
  }),
  fault({
    name: 'profile-services-missing',
    capability: 'discovery',
    description: 'The profile advertises its capabilities but has no proto.services at all: no service can be reached.',
    breaks: ['PROF-002', 'PROF-006'],
    plug: { 'profile.envelope': ({ services: _, ...envelope }) => envelope },
  }),
  fault({
    name: 'profile-no-endpoint',
    capability: 'discovery',
    description:
      'The shopping rest entry has no endpoint, so no shopping capability can be reached; common and lodging still can.',
    breaks: ['PROF-006'],
    plug: {
      'profile.entry': (entry, { registry, name }) => {
        if (registry !== 'services' || name !== 'shopping') return entry;
        const { endpoint: _, ...rest } = entry;
        return rest;
      },
    },
  }),
  fault({
    name: 'jwk-private-member',
    capability: 'profile',
    description: 'The signing key is published with its private member d.',
    breaks: ['PROF-007'],
    plug: { 'profile.key': (jwk, { key, keys }) => (key === 'ec' ? { ...jwk, d: keys.ecPrivateD } : jwk) },
  }),
  fault({
    name: 'jwk-alg-curve-mismatch',
    capability: 'profile',
    description: 'A P-256 key states alg ES384.',
    breaks: ['PROF-008'],
    plug: { 'profile.key': (jwk, { key }) => (key === 'ec' ? { ...jwk, alg: 'ES384' } : jwk) },
  }),
  fault({
    name: 'jwk-ec-missing-y',
    capability: 'profile',
    description: 'An EC key lacks its y coordinate.',
    breaks: ['PROF-009'],
    plug: {
      'profile.key': (jwk, { key }) => {
        if (key !== 'ec') return jwk;
        const { y: _, ...rest } = jwk;
        return rest;
      },
    },
  }),
  fault({
    name: 'profile-content-type-text',
    capability: 'profile',
    description: 'The profile is served as text/plain.',
    breaks: ['PROF-011'],
    plug: { 'profile.content-type': () => 'text/plain' },
  }),
  fault({
    name: 'profile-content-type-json-seq',
    capability: 'profile',
    description: 'The profile is served as application/json-seq (RFC 7464 JSON text sequences), not application/json.',
    breaks: ['PROF-011'],
    plug: { 'profile.content-type': (type) => (type === 'application/json' ? 'application/json-seq' : type) },
  }),
  fault({
    name: 'profile-service-version-format',
    capability: 'profile',
    description: 'Service entries carry version "1.0"; capability entries are right.',
    breaks: ['PROF-005'],
    plug: {
      'profile.entry': (entry, { registry }) => (registry === 'services' ? { ...entry, version: '1.0' } : entry),
    },
  }),
  // Envelope
  fault({
    name: 'envelope-missing-version',
    capability: 'envelope',
    description: 'Service responses carry the envelope without version.',
    breaks: ['ENV-001'],
    plug: { 'envelope.json': ({ version: _, ...envelope }) => envelope },
  }),
  fault({
    name: 'envelope-handlers-on-cart',
    capability: 'envelope',
    description:
      "Cart responses carry the checkout's payment handler registry in their envelope, where no handler applies: it should be {} (Document 1 §Payment handler entry).",
    breaks: ['ENV-010'],
    plug: {
      'envelope.json': (envelope, { op }) =>
        op?.capability === 'shopping.cart'
          ? { ...envelope, payment_handlers: { 'dev.proto_conformance.test_card': [{ id: 'test-card' }] } }
          : envelope,
    },
  }),
  fault({
    name: 'envelope-version-format',
    capability: 'envelope',
    description: 'Service responses state version "1.0".',
    breaks: ['ENV-002', 'VER-001'],
    plug: { 'envelope.version': () => '1.0' },
  }),
  fault({
    name: 'error-status-success',
    capability: 'envelope',
    description: 'Business error responses say status success.',
    breaks: [
      'BOOK-002',
      'BOOK-029',
      'CART-006',
      'CART-007',
      'CHK-009',
      'CHK-024',
      'ENV-003',
      'ORD-004',
      'ORD-005',
      'PROD-001',
    ],
    plug: { 'envelope.status': (status, { error }) => (error ? 'success' : status) },
  }),
  fault({
    name: 'error-without-messages',
    capability: 'envelope',
    description: 'Business error responses say status error but carry no messages.',
    breaks: [
      'BOOK-002',
      'BOOK-029',
      'CART-006',
      'CART-007',
      'CHK-009',
      'CHK-024',
      'ENV-004',
      'ORD-004',
      'ORD-005',
      'PROD-001',
    ],
    plug: { 'envelope.error-messages': () => undefined },
  }),
  fault({
    name: 'message-type-vocabulary',
    capability: 'envelope',
    description: 'Lookup not_found messages use type "information" instead of info.',
    breaks: ['ENV-005', 'LKUP-004'],
    plug: { 'lookup.not-found': (message) => message && { ...message, type: 'information' as 'info' } },
  }),
  fault({
    name: 'response-content-type-text',
    capability: 'envelope',
    description: 'Service responses are sent as text/plain.',
    breaks: ['ENV-006'],
    plug: { 'response.content-type': () => 'text/plain' },
  }),
  fault({
    name: 'envelope-status-vocabulary',
    capability: 'envelope',
    description: 'Successful responses say status "ok".',
    breaks: ['ENV-007'],
    plug: { 'envelope.status': (status, { error }) => (error ? status : 'ok') },
  }),
  fault({
    name: 'envelope-capabilities-array',
    capability: 'envelope',
    description: 'Every service response echoes its capabilities as an empty array, not a registry object.',
    breaks: ['ENV-001'],
    plug: { 'envelope.json': (env) => ('capabilities' in env ? { ...env, capabilities: [] } : env) },
  }),
  fault({
    name: 'transport-error-shape',
    capability: 'envelope',
    description: 'HTTP 400 bodies are {"error": "..."} without code and content.',
    breaks: ['ENV-008', 'ERR-001', 'LKUP-007'],
    plug: { 'transport-error.json': (json, { error }) => (error.status === 400 ? { error: error.content } : json) },
  }),
  fault({
    name: 'transport-error-no-content',
    capability: 'envelope',
    description: 'HTTP error bodies carry code but no content.',
    breaks: ['ENV-008', 'ERR-001'],
    plug: { 'transport-error.json': ({ content: _, ...json }) => json },
  }),
  fault({
    name: 'envelope-missing',
    capability: 'envelope',
    description: 'Service responses carry no proto envelope at all.',
    breaks: [
      'ASK-003',
      'BOOK-002',
      'BOOK-009',
      'BOOK-029',
      'CART-002',
      'CART-006',
      'CART-007',
      'CHK-009',
      'CHK-017',
      'CHK-024',
      'ENV-001',
      'ENV-003',
      'LKUP-001',
      'LLKP-001',
      'LOC-001',
      'LOC-009',
      'LSRCH-001',
      'ORD-001',
      'ORD-004',
      'ORD-005',
      'PROD-001',
      'PROD-002',
      'SRCH-001',
    ],
    plug: {
      'response.json': (body, { envelopeKey }) => {
        const { [envelopeKey]: _, ...rest } = body;
        return rest;
      },
    },
  }),
  fault({
    name: 'error-messages-empty',
    capability: 'envelope',
    description: 'Business error responses say status error with an empty messages array.',
    breaks: [
      'BOOK-002',
      'BOOK-029',
      'CART-006',
      'CART-007',
      'CHK-009',
      'CHK-024',
      'ENV-004',
      'ORD-004',
      'ORD-005',
      'PROD-001',
    ],
    plug: { 'envelope.error-messages': (messages) => messages && [] },
  }),
  fault({
    name: 'message-severity-vocabulary',
    capability: 'envelope',
    description: 'Error messages state severity "fatal" instead of unrecoverable.',
    breaks: ['BOOK-002', 'CART-006', 'CART-007', 'CHK-009', 'ENV-005', 'ORD-004', 'ORD-005', 'PROD-001'],
    // Every unrecoverable message says "fatal" on the wire.
    plug: {
      'response.json': (body) =>
        Array.isArray(body.messages)
          ? {
              ...body,
              messages: (body.messages as ReplyMessage[]).map((m) =>
                m.severity === 'unrecoverable' ? { ...m, severity: 'fatal' } : m,
              ),
            }
          : body,
    },
  }),
  fault({
    name: 'transport-error-html',
    capability: 'envelope',
    description: 'HTTP error bodies are an HTML page, not JSON.',
    breaks: ['ENV-006', 'ENV-008', 'ERR-001', 'LKUP-007'],
    plug: {
      'transport-error.response': (_response, { error }) => ({
        status: error.status,
        text: `<html><body><h1>${error.status}</h1><p>${error.content}</p></body></html>`,
        type: 'text/html',
      }),
    },
  }),
  fault({
    name: 'profile-keys-not-array',
    capability: 'profile',
    description: 'keys is a single key object, not an array.',
    breaks: ['PROF-007', 'PROF-008', 'PROF-009', 'PROF-012'],
    plug: { 'profile.entries': (keys, { registry, entry }) => (registry === 'keys' ? entry : keys) },
  }),
  // Discovery
  fault({
    name: 'product-endpoint-missing',
    capability: 'discovery',
    description: 'POST /catalog/product is not routed: 404, although lookup is advertised.',
    breaks: ['DISC-001', 'PROD-001', 'PROD-002', 'PROD-003'],
    plug: unrouted('catalog.product', 404, 'not_found'),
  }),
  fault({
    name: 'search-endpoint-405',
    capability: 'discovery',
    description: 'POST /catalog/search answers 405: the route only takes GET.',
    breaks: ['DISC-001', 'SRCH-001', 'SRCH-004', 'SRCH-014'],
    plug: unrouted('catalog.search', 405, 'method_not_allowed'),
  }),
  fault({
    name: 'cart-cancel-endpoint-missing',
    capability: 'discovery',
    description: 'POST /carts/{id}/cancel is not routed: 404, although cart is advertised.',
    breaks: ['CART-005', 'DISC-001'],
    plug: unrouted('cart.cancel', 404, 'not_found'),
  }),
  fault({
    name: 'checkout-complete-endpoint-501',
    capability: 'discovery',
    description: 'POST /checkout-sessions/{id}/complete answers 501 Not Implemented.',
    breaks: ['CHK-007', 'DISC-001'],
    plug: unrouted('checkout.complete', 501, 'not_implemented'),
  }),
  fault({
    name: 'order-endpoint-missing',
    capability: 'discovery',
    description: 'GET /orders/{id} is not routed: 404 for every order, placed ones too.',
    breaks: ['DISC-001', 'ORD-001', 'ORD-004'],
    plug: unrouted('order.get', 404, 'not_found'),
  }),
  ...SHOPPING_FAULTS,
  // Request validation
  fault({
    name: 'agent-header-unchecked',
    capability: 'headers',
    description:
      'Requests without Proto-Agent, or with a value that is no dictionary or has no profile, are served as an anonymous platform.',
    breaks: ['HDR-005', 'HDR-006'],
    plug: { 'agent.platform': (platform, { problem }) => (problem ? ANONYMOUS : platform) },
  }),
  fault({
    name: 'agent-header-lenient-parse',
    capability: 'headers',
    description: 'A Proto-Agent value that is no RFC 8941 dictionary is taken whole as the profile URL and served.',
    breaks: ['HDR-006'],
    // The whole value is taken for the profile URL.
    plug: {
      'agent.platform': (platform, { header, problem }) =>
        problem === 'not-dictionary' && header !== undefined ? header : platform,
    },
  }),
  fault({
    name: 'agent-header-missing-500',
    capability: 'headers',
    description:
      'A request without Proto-Agent crashes the handler: HTTP 500, not a 4xx. A malformed one still gets 400.',
    breaks: ['HDR-005'],
    plug: {
      'agent.platform': (platform, { problem }) =>
        problem === 'missing' && typeof platform !== 'string' ? { ...platform, status: 500 } : platform,
    },
  }),
  fault({
    name: 'agent-header-any-dictionary',
    capability: 'headers',
    description: 'Any RFC 8941 dictionary in Proto-Agent is served, with a profile member or not.',
    breaks: ['HDR-006'],
    plug: { 'agent.platform': (platform, { problem }) => (problem === 'no-profile' ? ANONYMOUS : platform) },
  }),
  fault({
    name: 'malformed-json-500',
    capability: 'errors',
    description:
      'A body the JSON parser rejects crashes the handler: HTTP 500. An empty body, which it takes for null, still gets 400.',
    breaks: ['ERR-001'],
    // The parser's error crashes the handler.
    plug: {
      'request.json-refusal': (refusal, { parserFailed }) =>
        parserFailed ? transportError(500, 'internal_error', 'Unexpected end of JSON input') : refusal,
    },
  }),
  fault({
    name: 'malformed-json-text-plain',
    capability: 'errors',
    description:
      'A body that is not JSON gets HTTP 400 with a text/plain body ("Malformed JSON"), no JSON code and content.',
    breaks: ['ENV-006', 'ENV-008', 'ERR-001'],
    // Only the JSON refusal is written as text.
    plug: {
      'transport-error.response': (response, { error }) =>
        error.code === 'invalid_json' ? { status: 400, text: 'Malformed JSON', type: 'text/plain' } : response,
    },
  }),
  // Response signatures: each acts at one point of src/reference/shared/signing.ts
  fault({
    name: 'response-signature-wrong-components',
    capability: 'signatures',
    description: 'Signature-Input lists content-type, but the signature is computed over a base without it.',
    breaks: ['SIG-001'],
    plug: {
      'response-signature.sig1': (sig) => ({
        ...sig,
        options: { ...sig.options, baseComponents: RESPONSE_COMPONENTS.filter((c) => c !== 'content-type') },
      }),
    },
  }),
  fault({
    name: 'response-signature-status-only',
    capability: 'signatures',
    description:
      'Response signatures cover @status alone: they verify, yet nothing of the body (content-type, content-digest) is protected.',
    breaks: ['SIG-013'],
    plug: { 'response-signature.sig1': (sig) => ({ ...sig, components: ['@status'] }) },
  }),
  fault({
    name: 'response-signature-tampered',
    capability: 'signatures',
    description: 'Response signatures have their first byte flipped.',
    breaks: ['SIG-001'],
    plug: { 'response-signature.sig1': (sig) => ({ ...sig, options: { ...sig.options, tamper: true } }) },
  }),
  fault({
    name: 'response-signature-unknown-kid',
    capability: 'signatures',
    description: 'Responses are signed under keyid ref-retired-key, which the profile does not publish.',
    breaks: ['PROF-012'],
    plug: { 'response-signature.sig1': (sig) => ({ ...sig, options: { ...sig.options, keyid: 'ref-retired-key' } }) },
  }),
  fault({
    name: 'response-digest-raw-bytes',
    capability: 'signatures',
    description: 'Content-Digest is computed over the body bytes as sent, not their RFC 8785 canonical form.',
    breaks: ['SIG-002'],
    plug: { 'response-signature.digested': (_canonical, { text }) => text },
  }),
  fault({
    name: 'response-digest-wrong',
    capability: 'signatures',
    description: 'Content-Digest is over something other than the body.',
    breaks: ['SIG-002'],
    plug: { 'response-signature.digested': (body) => body && `${body} ` },
  }),
  fault({
    name: 'response-digest-quoted',
    capability: 'signatures',
    description:
      'Content-Digest carries its digest as a quoted string, sha-256="…", not the byte sequence sha-256=:…: (RFC 9530, RFC 8941), so it cannot be read.',
    breaks: ['SIG-002'],
    // The digest as an RFC 8941 string, not the byte sequence `sha-256=:…:`.
    plug: { 'response-signature.digest': (digest) => digest.replace(/=:(.*):$/, '="$1"') },
  }),
  fault({
    name: 'response-signature-input-missing',
    capability: 'signatures',
    description:
      'Responses carry Signature without Signature-Input ("Required with message signatures"), so nothing says what the signature covers or whose key made it.',
    breaks: ['SIG-001'],
    plug: { 'response-signature.headers': ({ 'Signature-Input': _, ...headers }) => headers },
  }),
  fault({
    name: 'response-signature-absent-component',
    capability: 'signatures',
    description:
      "Signature-Input covers proto-agent, copied from the request's components, a header the response does not carry: the signature base cannot be rebuilt.",
    breaks: ['SIG-001'],
    // The request's component list copied, proto-agent with it.
    plug: {
      'response-signature.sig1': (sig) => ({
        ...sig,
        message: { ...sig.message, headers: { ...sig.message.headers, 'proto-agent': '' } },
        components: [...sig.components, 'proto-agent'],
      }),
    },
  }),
  fault({
    name: 'complete-responses-unsigned',
    capability: 'signatures',
    description: 'Complete checkout responses are not signed (a RECOMMENDED).',
    breaks: ['SIG-003'],
    plug: {
      'response-signature.signed': (why, { op }) =>
        op.name === 'checkout.complete' && why === 'advised' ? undefined : why,
    },
  }),
  fault({
    name: 'order-responses-unsigned',
    capability: 'signatures',
    description: 'Order responses are not signed (a SHOULD).',
    breaks: ['SIG-004'],
    plug: {
      'response-signature.signed': (why, { op }) => (op.name === 'order.get' && why === 'advised' ? undefined : why),
    },
  }),
  // Authentication: each acts at one point of src/reference/shared/auth.ts, with auth on
  fault({
    name: 'auth-missing-credential-accepted',
    capability: 'auth',
    needs: ['auth-api-key'],
    description: 'With X-API-Key required, a request without any key is served.',
    breaks: ['AUTH-001'],
    plug: {
      'auth.refusal': (refusal, { mechanism, presented }) =>
        mechanism === 'credential' && presented === 'none' ? undefined : refusal,
    },
  }),
  fault({
    name: 'auth-missing-credential-403',
    capability: 'auth',
    needs: ['auth-api-key'],
    description: 'A request without a key gets 403 instead of 401.',
    breaks: ['AUTH-001'],
    plug: {
      'auth.refusal': (refusal, { mechanism, presented }) =>
        refusal && mechanism === 'credential' && presented === 'none' ? { ...refusal, status: 403 } : refusal,
    },
  }),
  fault({
    name: 'auth-invalid-credential-accepted',
    capability: 'auth',
    needs: ['auth-api-key'],
    description: 'Any X-API-Key value is accepted; only its absence is refused.',
    breaks: ['AUTH-002'],
    plug: {
      'auth.refusal': (refusal, { mechanism, presented }) =>
        mechanism === 'credential' && presented === 'unknown' ? undefined : refusal,
    },
  }),
  fault({
    name: 'auth-forbidden-accepted',
    capability: 'auth',
    needs: ['auth-api-key'],
    description: 'A key that carries no permission is served like a full one: no 403.',
    breaks: ['AUTH-003'],
    plug: {
      'auth.refusal': (refusal, { mechanism, presented }) =>
        mechanism === 'credential' && presented === 'unscoped' ? undefined : refusal,
    },
  }),
  // Platform profiles: each acts at one point of src/reference/shared/platform-profiles.ts, with fetching on
  fault({
    name: 'platform-profile-fetch-failure-500',
    capability: 'discovery',
    needs: ['platform-profiles-fetched'],
    description: 'A platform profile that cannot be fetched crashes the request: 500 instead of 424.',
    breaks: ['PLAT-001'],
    plug: {
      'platform-profile.refusal': (refusal, { failure }) =>
        failure === 'unreachable' ? transportError(500, 'internal_error', 'platform profile lookup crashed') : refusal,
    },
  }),
  fault({
    name: 'platform-profile-malformed-424',
    capability: 'discovery',
    needs: ['platform-profiles-fetched'],
    description:
      'A platform profile that was fetched but is no profile is refused as if the fetch had failed: 424 instead of 422.',
    breaks: ['PLAT-002'],
    plug: {
      'platform-profile.refusal': (refusal, { url, failure }) =>
        failure === 'malformed'
          ? transportError(424, 'platform_profile_unavailable', `the platform profile ${url} could not be used`)
          : refusal,
    },
  }),
  fault({
    name: 'platform-profile-unknown-key-rejected',
    capability: 'discovery',
    needs: ['platform-profiles-fetched'],
    description: 'A platform profile carrying a key of an unknown type is rejected whole with 422.',
    breaks: ['PROF-010'],
    plug: {
      'platform-profile.key-problem': (problem, { key, known }) =>
        known ? problem : `unsupported key type ${key.kty}`,
    },
  }),
  // Response signing (Document 1 §Authentication): a business that publishes no keys signs nothing
  fault({
    name: 'signs-nothing-no-keys',
    capability: 'signatures',
    description:
      'The profile publishes no keys member, so no response is signed: not the complete checkout responses signing is recommended for, not the order responses a business SHOULD sign.',
    breaks: ['SIG-003', 'SIG-004'],
    plug: { 'profile.keys': () => undefined },
  }),
  fault({
    name: 'signs-nothing-keys-empty',
    capability: 'signatures',
    description: 'The profile publishes keys as an empty array, so no response is signed, as signs-nothing-no-keys.',
    breaks: ['SIG-003', 'SIG-004'],
    plug: { 'profile.keys': (keys) => keys && [] },
  }),
  fault({
    name: 'platform-profile-unknown-curve-rejected',
    capability: 'discovery',
    needs: ['platform-profiles-fetched'],
    description:
      'A platform profile carrying an EC key on a curve the business does not know is rejected whole with 422.',
    breaks: ['PROF-010'],
    plug: {
      'platform-profile.key-problem': (problem, { key }) =>
        problem ??
        (key.kty === 'EC' && !WELL_KNOWN_EC_CURVES.includes(String(key.crv))
          ? `unsupported curve ${key.crv}`
          : undefined),
    },
  }),
  fault({
    name: 'platform-profile-unknown-member-rejected',
    capability: 'discovery',
    needs: ['platform-profiles-fetched'],
    description: 'A platform profile whose keys carry a member the business does not know is rejected whole with 422.',
    breaks: ['PROF-010'],
    plug: {
      'platform-profile.key-problem': (problem, { key }) =>
        problem ??
        Object.keys(key)
          .filter((m) => !JWK_MEMBERS.includes(m))
          .map((m) => `unknown key member ${m}`)[0],
    },
  }),
  // Request signatures: each acts at one point of src/reference/shared/request-signatures.ts, with signatures required
  fault({
    name: 'request-signature-unchecked',
    capability: 'signatures',
    needs: ['requires-signatures'],
    description: 'A signed request is served whether its signature verifies or not.',
    breaks: ['SIG-005'],
    plug: { 'request-signature.refusal': (refusal, { check }) => (check === 'signature' ? undefined : refusal) },
  }),
  fault({
    name: 'request-digest-unchecked',
    capability: 'signatures',
    needs: ['requires-signatures'],
    description: 'Content-Digest is never compared with the body.',
    breaks: ['SIG-006'],
    plug: { 'request-signature.refusal': (refusal, { check }) => (check === 'digest' ? undefined : refusal) },
  }),
  fault({
    name: 'request-keyid-unchecked',
    capability: 'signatures',
    needs: ['requires-signatures'],
    description: 'A signature under a keyid the platform profile does not publish is served unverified.',
    breaks: ['SIG-007'],
    plug: { 'request-signature.refusal': (refusal, { check }) => (check === 'key' ? undefined : refusal) },
  }),
  fault({
    name: 'request-signature-key-needs-alg',
    capability: 'signatures',
    needs: ['requires-signatures'],
    description:
      'A platform profile whose well-known key states no alg is refused with 422: the business reads alg from the key and never derives it from crv.',
    breaks: ['SIG-014'],
    plug: {
      'platform-profile.key-problem': (problem, { key }) =>
        problem ??
        (WELL_KNOWN_CURVES.includes(String(key.crv)) && key.alg === undefined
          ? `a key on ${String(key.crv)} states no alg`
          : undefined),
    },
  }),
  fault({
    name: 'request-unsigned-accepted',
    capability: 'signatures',
    needs: ['requires-signatures'],
    description: 'A request carrying no signature at all (neither Signature nor Signature-Input) is served.',
    breaks: ['SIG-009'],
    plug: { 'request-signature.refusal': (refusal, { check }) => (check === 'absent' ? undefined : refusal) },
  }),
  fault({
    name: 'request-signature-header-missing-accepted',
    capability: 'signatures',
    needs: ['requires-signatures'],
    description: 'A request carrying Signature-Input without Signature is served.',
    breaks: ['SIG-009'],
    plug: {
      'request-signature.refusal': (refusal, { check }) => (check === 'signature-missing' ? undefined : refusal),
    },
  }),
  fault({
    name: 'request-signature-input-missing-accepted',
    capability: 'signatures',
    needs: ['requires-signatures'],
    description: 'A request carrying Signature without Signature-Input is served.',
    breaks: ['SIG-010'],
    plug: { 'request-signature.refusal': (refusal, { check }) => (check === 'input-missing' ? undefined : refusal) },
  }),
  fault({
    name: 'request-digest-missing-accepted',
    capability: 'signatures',
    needs: ['requires-signatures'],
    description:
      'A signed request with a body and no Content-Digest is served: nothing binds the body to the signature.',
    breaks: ['SIG-011'],
    plug: { 'request-signature.refusal': (refusal, { check }) => (check === 'digest-missing' ? undefined : refusal) },
  }),
  fault({
    name: 'request-signature-components-unchecked',
    capability: 'signatures',
    needs: ['requires-signatures'],
    description:
      'A request signature that verifies is served whatever it covers: one leaving out @path, proto-agent or any other listed component too.',
    breaks: ['SIG-008'],
    plug: { 'request-signature.refusal': (refusal, { check }) => (check === 'components' ? undefined : refusal) },
  }),
  // Transport
  fault({
    name: 'tls-1-2-accepted',
    capability: 'transport',
    needs: ['https-tls-1-3'],
    description: 'The HTTPS server also completes TLS 1.2 handshakes.',
    breaks: ['TLS-001'],
    plug: { 'server.assembly': (assembly) => ({ ...assembly, minTls: 'TLSv1.2' }) },
  }),
  fault({
    name: 'services-plain-http',
    capability: 'transport',
    needs: ['https-tls-1-3'],
    description:
      'The profile is served over TLS 1.3, but it advertises service endpoints on another origin that speaks plain http.',
    breaks: ['TLS-001'],
    plug: {
      'server.assembly': (assembly) => ({ ...assembly, servicesOrigin: 'own', servicesPlainHttp: true }),
    },
  }),
  fault({
    name: 'rate-limited-403',
    capability: 'transport',
    description:
      'Beyond 10 identical requests a second the business refuses them with 403 and Retry-After: 1, as abuse, instead of 429.',
    breaks: ['ERR-003'],
    plug: {
      'transport.refusal': (refusal, { repeated }) =>
        refusal ??
        (repeated > 10
          ? {
              ...plainJson(403, { code: 'forbidden', content: 'too many identical requests' }),
              headers: { 'Retry-After': '1' },
            }
          : undefined),
    },
  }),
  fault({
    name: 'required-members-422',
    capability: 'errors',
    description:
      'A request without a required member gets HTTP 422, the platform-profile status, with code and content and the missing messages that point at it: neither 400 nor a business outcome (200).',
    breaks: ['ERR-002', 'ERR-006'],
    // Code and content, and the missing messages a business outcome carries, under HTTP 422.
    plug: {
      'required-members.refusal': (_refusal, { absent }) => ({
        ...missingMembers(absent),
        status: 422,
        extra: { code: 'missing', content: `${absent.join(', ')} is required` },
      }),
    },
  }),
  fault({
    name: 'required-members-as-warnings',
    capability: 'errors',
    description:
      'A request without a required member gets HTTP 200 with an error response whose missing messages pointing at it are warnings, not errors: nothing says the request was refused.',
    breaks: ['ERR-002', 'ERR-006'],
    plug: {
      'required-members.refusal': (_refusal, { absent }) =>
        businessError(missingMembers(absent).messages.map(({ severity: _s, ...m }) => ({ ...m, type: 'warning' }))),
    },
  }),
  fault({
    name: 'required-members-path-segments',
    capability: 'errors',
    description:
      'A request without a required member gets HTTP 200 with missing errors whose path is an array of segments (["line_items"]), not a JSON path string.',
    breaks: ['BOOK-016', 'CHK-016', 'ENV-005', 'ERR-002', 'ERR-006'],
    // The path as JSON Pointer-like segments (["line_items"]), which no message path is.
    plug: {
      'required-members.refusal': (_refusal, { absent }) =>
        businessError(
          missingMembers(absent).messages.map((m) => ({ ...m, path: [m.path!.slice(2)] as unknown as string })),
        ),
    },
  }),
  fault({
    name: 'required-members-made-anyway',
    capability: 'errors',
    description:
      'A create without a required member says so with a missing error pointing at it, but makes the resource with a default all the same (HTTP 200, the resource and its id).',
    breaks: ['ENV-009', 'ERR-002', 'ERR-006'],
    // A create says what is missing, but makes the resource with a default all the same.
    plug: {
      'required-members.fill': (fill, { op, absent, defaults }) =>
        op.creates ? { values: defaults, messages: missingMembers(absent).messages } : fill,
    },
  }),
  fault({
    name: 'required-members-defaulted',
    capability: 'errors',
    description:
      'A request without a required member is served with a default in its place: no ids is an empty lookup, no id a not_found, no line_items a default basket.',
    breaks: ['ERR-002', 'ERR-006'],
    plug: { 'required-members.fill': (fill, { defaults }) => fill ?? { values: defaults, messages: [] } },
  }),
  fault({
    name: 'mtls-unchecked',
    capability: 'auth',
    needs: ['mtls-required'],
    description:
      'A client certificate is asked for but never required: requests without one, or with an untrusted one, are served.',
    breaks: ['AUTH-001', 'AUTH-002'],
    plug: { 'auth.refusal': (refusal, { mechanism }) => (mechanism === 'certificate' ? undefined : refusal) },
  }),
  fault({
    name: 'mtls-any-certificate',
    capability: 'auth',
    needs: ['mtls-required'],
    description: "Any client certificate is accepted, signed by the business's CA or not.",
    breaks: ['AUTH-002'],
    plug: {
      'auth.refusal': (refusal, { mechanism, presented }) =>
        mechanism === 'certificate' && presented === 'unknown' ? undefined : refusal,
    },
  }),
  // Versions
  fault({
    name: 'envelope-version-not-advertised',
    capability: 'envelope',
    description: 'Responses state proto.version 2099-01-01, well-formed but nowhere in the profile.',
    breaks: ['VER-001'],
    plug: { 'envelope.version': () => UNADVERTISED_VERSION },
  }),
  fault({
    name: 'response-version-of-lodging',
    capability: 'envelope',
    description:
      'The lodging capabilities are advertised (and echoed) at 2026-01-20, a version nothing else states; shopping responses state that version as their proto.version.',
    breaks: ['VER-001'],
    plug: {
      'version.capability': (version, { capability }) =>
        capability.startsWith('lodging.') ? LODGING_ONLY_VERSION : version,
      'envelope.version': (version, { op }) => (op?.service === 'shopping' ? LODGING_ONLY_VERSION : version),
    },
  }),
  fault({
    name: 'profile-versions-missing',
    capability: 'profile',
    description:
      'The profile states no version: none in proto, none in any service or capability entry. Responses state theirs as before.',
    breaks: ['PROF-001', 'PROF-005'],
    plug: { 'profile.envelope': withoutVersions },
  }),
  fault({
    name: 'capability-echo-without-version',
    capability: 'envelope',
    description: 'Responses echo their capability as an entry without a version ({}).',
    breaks: ['VER-002'],
    plug: { 'envelope.capability-echo': () => ({}) },
  }),
  fault({
    name: 'capability-version-echo-differs',
    capability: 'envelope',
    description: 'Responses echo their capability at version 2099-01-01, not the version the profile advertises.',
    breaks: ['VER-002'],
    plug: {
      'envelope.capability-echo': (echo) =>
        echo.version === undefined ? echo : { ...echo, version: UNADVERTISED_VERSION },
    },
  }),
  // Idempotency: each acts at one point of the shared layer (src/reference/shared/idempotency.ts)
  fault({
    name: 'idempotency-not-stored',
    capability: 'idempotency',
    description:
      'Idempotency-Key is required but never looked up: a replay is processed again, a changed body under the same key too.',
    breaks: ['IDEM-001', 'IDEM-002', 'IDEM-003', 'IDEM-004', 'IDEM-009'],
    plug: { 'idempotency.stored': () => false },
  }),
  fault({
    name: 'idempotency-keys-forgotten',
    capability: 'idempotency',
    description: `A result is held for ${FORGOTTEN_AFTER_MS / 1000} seconds, not 24 hours: a key sent again later is processed as new (a create makes another resource, an update meets the resource as it is now).`,
    breaks: ['IDEM-008'],
    // Seconds, not hours, so a test sees it without waiting a day; a run's own replays come within them.
    plug: { 'idempotency.kept': (kept, { ageMs }) => kept && ageMs < FORGOTTEN_AFTER_MS },
  }),
  fault({
    name: 'idempotency-not-on-cancel',
    capability: 'idempotency',
    description:
      'Cancel does not support idempotency: its key is required but no result is kept, so a replayed cancel is processed again (the cart is gone, the session already canceled). The spec only advises support ("SHOULD"): a warning, never a MUST failure.',
    breaks: ['IDEM-009'],
    plug: {
      'idempotency.stored': (stored, { request }) => (request.operation.endsWith('.cancel') ? false : stored),
    },
  }),
  fault({
    name: 'idempotency-mismatch-accepted',
    capability: 'idempotency',
    description: 'The same key with a changed body is processed as a new request, not refused with 409.',
    breaks: ['IDEM-003', 'IDEM-004', 'IDEM-009'],
    plug: { 'idempotency.action': (action, { matches }) => (!matches && action === 'conflict' ? 'process' : action) },
  }),
  fault({
    name: 'idempotency-complete-key-alone',
    capability: 'idempotency',
    description:
      'Complete is keyed by the key alone: the same key with another body (another instrument) returns the stored result, never 409.',
    breaks: ['IDEM-003'],
    // The body is left out of what is compared; the operation and path still count.
    plug: { 'idempotency.body': (body, { request }) => (request.operation.endsWith('.complete') ? '' : body) },
  }),
  fault({
    name: 'idempotency-cancel-key-alone',
    capability: 'idempotency',
    description:
      'Cancel is keyed by the key alone: the same key with another body returns the stored result, never 409. Supporting idempotency on cancel is advised ("SHOULD"): a warning.',
    breaks: ['IDEM-009'],
    // The body is left out of what is compared; the operation and path still count.
    plug: { 'idempotency.body': (body, { request }) => (request.operation.endsWith('.cancel') ? '' : body) },
  }),
  fault({
    name: 'idempotency-conflict-after-apply',
    capability: 'idempotency',
    description: 'The same key with a changed body answers 409, but only after applying the change.',
    breaks: ['IDEM-004'],
    plug: {
      'idempotency.action': (action, { matches }) =>
        !matches && action === 'conflict' ? 'process-then-conflict' : action,
    },
  }),
  fault({
    name: 'idempotency-conflict-422',
    capability: 'idempotency',
    description: 'The same key with a changed body is refused with 422 instead of 409.',
    breaks: ['IDEM-003', 'IDEM-009'],
    plug: { 'idempotency.conflict': (refusal) => ({ ...refusal, status: 422 }) as Reply },
  }),
  fault({
    name: 'idempotency-replay-conflicts',
    capability: 'idempotency',
    description: 'A byte-identical replay is refused with 409 instead of returning the stored result.',
    breaks: ['IDEM-001', 'IDEM-009'],
    plug: { 'idempotency.action': (action) => (action === 'replay' ? 'conflict' : action) },
  }),
  fault({
    name: 'idempotency-replay-status-200',
    capability: 'idempotency',
    description: 'A replay returns the stored body with HTTP 200, whatever the stored status was (201 for a create).',
    breaks: ['ENV-009', 'IDEM-001'],
    // The stored body as it was, under 200.
    plug: { 'idempotency.replay': (_replay, { stored }) => ({ ...stored, status: 200 }) },
  }),
  fault({
    name: 'idempotency-complete-not-stored',
    capability: 'idempotency',
    description:
      'Complete bypasses the idempotency store: a replayed complete runs again and places a second order, and one with another body is run too, not refused with 409.',
    breaks: ['IDEM-001', 'IDEM-002', 'IDEM-003'],
    // With no stored result, a retried complete is run again and places another order (confirms again).
    plug: {
      'idempotency.stored': (stored, { request }) => (request.operation.endsWith('.complete') ? false : stored),
      'checkout.complete-again': (again, { session }) => again || session.status === 'completed',
      'booking.complete-again': (again, { session }) => again || session.status === 'completed',
    },
  }),
  fault({
    name: 'idempotency-in-progress-reprocessed',
    capability: 'idempotency',
    needs: ['checkout-async-completion'],
    description:
      'A complete answered complete_in_progress is not taken for a stored result: its replay is processed again, settles the completion at once and answers the completed session with its order, not the stored answer.',
    breaks: ['IDEM-001'],
    // An answer still complete_in_progress is taken for no result yet; the completion asked again is settled at once.
    plug: {
      'idempotency.action': (action, { stored }) => (action === 'replay' && inProgress(stored) ? 'process' : action),
      'checkout.complete-again': (again, { session }) => again || session.status === 'complete_in_progress',
    },
  }),
  fault({
    name: 'idempotency-key-optional',
    capability: 'idempotency',
    description:
      'A state-changing request without Idempotency-Key is processed instead of refused with 400 (a SHOULD).',
    breaks: ['IDEM-005'],
    plug: { 'request.required-headers': (headers) => headers.filter((h) => h !== 'Idempotency-Key') },
  }),
  ...COMMON_FAULTS,
  ...LODGING_FAULTS,
] as const;

export type FaultName = (typeof FAULTS)[number]['name'];

export function isFaultName(name: string): name is FaultName {
  return FAULTS.some((f) => f.name === name);
}
