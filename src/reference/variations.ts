import type { RunConfig } from '../config/config.js';
import { isObject, wireName } from '../dialect/dialect.js';
import { canonicalJson } from '../protocol/canonical.js';
import { OPERATIONS, type Operation } from '../protocol/operations.js';
import { signMessage } from '../protocol/signatures.js';
import { COMMON_VARIATIONS } from './common/variations.js';
import type { HookPoints } from './hook-points.js';
import { LODGING_VARIATIONS } from './lodging/variations.js';
import {
  REFERENCE_API_KEY,
  REFERENCE_BEARER_TOKEN,
  REFERENCE_UNSCOPED_API_KEY,
  REFERENCE_UNSCOPED_BEARER_TOKEN,
} from './shared/auth.js';
import type { Json, RunConfigNeeds } from './shared/layer-hooks.js';
import { businessError, missingMembers, transportError, unrecoverable } from './shared/replies.js';
import { SIGNED_ON_COMPLETE_ONLY } from './shared/request-signatures.js';
import { tlsPath } from './shared/tls.js';
import { rateLimited } from './shared/transport.js';
import { SHOPPING_VARIATIONS } from './shopping/variations.js';
import { recordsFor, type Variation } from './records.js';

export type { Variation };

const { variation } = recordsFor<HookPoints>();

/** session-handlers-subset: a second handler, the only one session responses list. */
const WALLET_HANDLER = {
  'dev.proto_conformance.wallet': [
    { id: 'wallet', version: '2026-01-15', available_instruments: [{ type: 'wallet' }] },
  ],
};
const API_KEY = { 'X-API-Key': REFERENCE_API_KEY };
const UNSCOPED_API_KEY = { 'X-API-Key': REFERENCE_UNSCOPED_API_KEY };
/** auth-api-key-common-word: keys that are words of the bodies. */
const COMMON_WORD_KEYS = { full: 'line', unscoped: 'item' };

/** profile-extra-members: what the profile's entries and envelope carry beside the spec's members. */
const EXTRA_MEMBER = { x_reference_note: 'an extra member consumers ignore' };
/** An older version the cart capability stays at under capability-versions-differ. */
const OLDER_CART_VERSION = '2025-10-15';
/** Under versions-by-layer, the versions of the service entries and of the capability entries. */
const LAYER_VERSIONS = { service: '2026-03-02', capability: '2026-02-03' } as const;
/** A vendor capability responses echo under envelope-echoes-unadvertised-capability; no profile advertises it. */
const UNADVERTISED_CAPABILITY = 'com.example.gift_wrap';

/** rate-limited-429: the requests a second answered before 429. */
const RATE_LIMIT_PER_SECOND = 20;

/** auth-checkout-only: a public catalog and cart; checkout and order need the key. */
const checkoutOrOrder = (op: Operation) => op.capability === 'shopping.checkout' || op.capability === 'shopping.order';

/**
 * What a run's config says of a credential the business requires: both platforms send it, for the
 * operations it covers, and one without permission is forbidden there. Credentials go only to the
 * target's origin and those listed: the services' own, when they live elsewhere.
 */
function credential(
  headers: Record<string, string>,
  forbidden: Record<string, string>,
  covered: string[],
  business?: { url: string; servicesUrl: string },
): NonNullable<RunConfigNeeds['credential']> {
  const servicesOrigin = business && new URL(business.servicesUrl).origin;
  const auth: RunConfig['auth'] = {
    required_for: covered,
    forbidden_headers: forbidden,
    origins: servicesOrigin && servicesOrigin !== new URL(business.url).origin ? [servicesOrigin] : [],
  };
  return { headers, auth };
}

/** idempotency-replay-reserialised: an object with its members sorted. */
function sortKeys(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)));
}

export const VARIATIONS = [
  // Profile
  variation({
    name: 'profile-several-service-entries',
    capability: 'profile',
    description:
      'The shopping service lists an mcp entry before its rest entry. A checker that takes the first entry finds no REST endpoint.',
    permitted_by:
      'Document 1 §Service entry: "keyed by service identifier; each value is an array", transport "`rest` for this binding".',
    // An mcp entry before the rest entry of every service.
    plug: {
      'profile.entries': (entries, { registry, services }) =>
        registry === 'services' && Array.isArray(entries)
          ? [{ version: services.version, transport: 'mcp', endpoint: `${services.base}/mcp` }, ...entries]
          : entries,
    },
  }),
  variation({
    name: 'profile-extra-members',
    capability: 'profile',
    description:
      'The profile and its entries carry members the spec does not list. A checker with closed schemas fails it.',
    permitted_by: 'Document 1 §Profile document: "Additional members are allowed."',
    plug: {
      'profile.entry': (entry) => ({ ...entry, ...EXTRA_MEMBER }),
      'profile.envelope': (envelope) => ({ ...envelope, ...EXTRA_MEMBER }),
      'profile.document': (document) => ({
        ...document,
        name: 'Reference business',
        x_support: 'https://reference.example/support',
      }),
    },
  }),
  variation({
    name: 'profile-draft-version',
    capability: 'profile',
    description:
      'Every version, in the profile and in responses, is "draft". A checker that only accepts dates fails it.',
    permitted_by: 'Document 1 §Versioning: "the value `draft` marks an unreleased version".',
    plug: { 'version.protocol': () => 'draft' },
  }),
  variation({
    name: 'profile-kid-names',
    capability: 'profile',
    description:
      "The keys' kid values are names of the business's own (reference-ec-2026), not RFC 7638 thumbprints; responses are signed under those names. A checker that requires thumbprint kids everywhere fails it.",
    permitted_by:
      'Document 1 §Public JWK: kid "For keys used in dual-audience signatures it MUST be the key\'s JWK SHA-256 thumbprint (RFC 7638); otherwise any stable string"; which keys are dual-audience is not shown.',
    // Key names chosen when the keys are made; the P-521 key keeps its thumbprint.
    plug: { 'keys.kid': (kid, { key }) => (key === 'p521' ? kid : `reference-${key}-2026`) },
  }),
  variation({
    name: 'profile-keys-without-alg',
    capability: 'profile',
    description: 'Keys state neither alg nor use. A checker that requires alg fails them.',
    permitted_by: 'Document 1 §Public JWK: alg, Required "no"; "When absent the verifier derives it from crv."',
    plug: { 'profile.key': ({ alg: _alg, use: _use, ...jwk }) => jwk },
  }),
  variation({
    name: 'profile-extension-capabilities',
    capability: 'profile',
    description:
      'The profile also advertises capabilities this tool does not know (org.proto.shopping.discount, com.example.loyalty). A checker must list them as not covered, not fail or ignore them.',
    permitted_by:
      'Document 1 §What the service does: "Capabilities are adopted independently."; §Versioning: vocabularies "are open".',
    plug: {
      'profile.capabilities': (capabilities, { dialect }) => [
        ...capabilities,
        wireName(dialect, 'shopping.discount'),
        'com.example.loyalty',
      ],
    },
  }),
  variation({
    name: 'profile-no-payment-handlers',
    capability: 'profile',
    description:
      'The profile has no payment_handlers registry; checkout responses still carry theirs. A checker that requires it in the profile fails it.',
    permitted_by: 'Document 1 §Response envelope: payment_handlers, Required "no".',
    hides: ['profile-handlers-not-array'],
    plug: { 'profile.envelope': ({ payment_handlers: _, ...envelope }) => envelope },
  }),
  variation({
    name: 'session-handlers-subset',
    capability: 'envelope',
    description:
      "The profile advertises two payment handlers; checkout and booking responses list only the wallet, while the instruments they show name the profile's test card. A checker that reads a response's own registry as the only handlers fails them.",
    permitted_by:
      'Document 1 §Checkout resource: "Payment instrument: `id`, `handler_id` (id of a handler entry)"; §Payment handler entry: entries sit "in `proto.payment_handlers`", the profile\'s as well as a response\'s; nothing says a response repeats every handler of the profile.',
    plug: {
      'profile.envelope': (envelope) => {
        const registry = isObject(envelope.payment_handlers) ? envelope.payment_handlers : {};
        return { ...envelope, payment_handlers: { ...registry, ...WALLET_HANDLER } };
      },
      'checkout.payment-handlers': (registry) => registry && WALLET_HANDLER,
      'booking.payment-handlers': (registry) => registry && WALLET_HANDLER,
    },
  }),
  // Discovery and HTTP framing
  variation({
    name: 'endpoint-trailing-slash',
    capability: 'discovery',
    description: 'The rest endpoint ends with a slash. A checker that appends paths blindly requests //catalog/search.',
    permitted_by:
      'Document 1 §Service entry: endpoint "Base address of the service: this is {base_url}"; the spec does not say how it ends.',
    plug: {
      'profile.entry': (entry, { registry }) =>
        registry === 'services' ? { ...entry, endpoint: `${entry.endpoint}/` } : entry,
    },
  }),
  variation({
    name: 'endpoint-other-origin',
    capability: 'discovery',
    description:
      "The services live on another origin (another port) than the profile. A checker that assumes the profile's origin misses them.",
    permitted_by:
      'Document 1 §Service entry: endpoint "string (URL) Base address of the service"; nothing ties it to the profile\'s origin.',
    plug: { 'server.assembly': (assembly) => ({ ...assembly, servicesOrigin: 'own' }) },
  }),
  variation({
    name: 'content-type-charset',
    capability: 'envelope',
    description:
      'Responses say Content-Type: application/json; charset=utf-8. A checker comparing the whole header fails them.',
    permitted_by:
      'Document 1 §What the service does: "content type `application/json`"; media type parameters are not excluded.',
    plug: { 'response.content-type': () => 'application/json; charset=utf-8' },
  }),
  variation({
    name: 'envelope-status-omitted',
    capability: 'envelope',
    description:
      'Successful responses leave proto.status out. A checker that requires status on every response fails them.',
    permitted_by: 'Document 1 §Response envelope: status, Required "no"; "MUST be `error` in an error response".',
    plug: { 'envelope.status': (status, { error }) => (error ? status : undefined) },
  }),
  variation({
    name: 'envelope-echoes-registries',
    capability: 'envelope',
    description:
      'Every response envelope also echoes the services registry and a map_order. A checker expecting only version and capabilities fails them.',
    permitted_by: 'Document 1 §Response envelope: services and map_order, Required "no".',
    plug: {
      'envelope.json': (envelope, { op, dialect, versions }) =>
        op
          ? {
              ...envelope,
              services: { [wireName(dialect, op.service)]: [{ version: versions.service, transport: 'rest' }] },
              map_order: { capabilities: [wireName(dialect, op.capability)] },
            }
          : envelope,
    },
  }),
  variation({
    name: 'envelope-empty-handlers',
    capability: 'envelope',
    description:
      'Catalog, cart and order responses carry an empty payment_handlers registry in their envelope. A checker that reads any payment_handlers member as handlers to pay with, or requires it absent, fails them.',
    permitted_by:
      'Document 1 §Payment handler entry: "The registry is an empty object when no handler applies (catalog, cart, order)."',
    plug: {
      'envelope.json': (envelope, { op }) =>
        op &&
        ['shopping.catalog.search', 'shopping.catalog.lookup', 'shopping.cart', 'shopping.order'].includes(
          op.capability,
        )
          ? { ...envelope, payment_handlers: {} }
          : envelope,
    },
  }),
  variation({
    name: 'envelope-echoes-unadvertised-capability',
    capability: 'envelope',
    description:
      'Every service response also echoes com.example.gift_wrap, a vendor capability the profile does not advertise. A checker that expects every echoed capability in the profile, or looks up its advertised versions unguarded, fails it.',
    permitted_by:
      'Not shown: Document 1 §Response envelope: capabilities is a "Capability registry keyed by reverse-domain name"; §Versioning: "A business advertises capability versions in its profile; responses echo the version in `proto.capabilities` entries", and says nothing of a capability the profile does not advertise.',
    plug: {
      'envelope.json': (envelope, { op, versions }) =>
        op
          ? {
              ...envelope,
              capabilities: {
                ...(envelope.capabilities as Json),
                [UNADVERTISED_CAPABILITY]: [{ version: versions.protocol }],
              },
            }
          : envelope,
    },
  }),
  variation({
    name: 'chunked-responses',
    capability: 'envelope',
    description:
      'Responses are sent with chunked transfer coding and no Content-Length. A checker that relies on Content-Length reads nothing.',
    permitted_by: 'Not shown: the spec fixes no HTTP framing (RFC 9112 allows either).',
    plug: { 'server.assembly': (assembly) => ({ ...assembly, chunked: true }) },
  }),
  variation({
    name: 'responses-gzip',
    capability: 'envelope',
    description:
      "Every response body goes out gzip-coded (Content-Encoding: gzip) unless the request's Accept-Encoding refuses it. A client that sends no Accept-Encoding and does not decode reads gzip bytes as the body.",
    permitted_by:
      'Document 1 §Authentication: "User-Agent, Content-Type, Accept, Accept-Language, Accept-Encoding | no | Ordinary HTTP meaning"; RFC 9110 §12.5.3: without Accept-Encoding any content coding is acceptable.',
    plug: { 'server.assembly': (assembly) => ({ ...assembly, gzip: true }) },
  }),
  variation({
    name: 'transport-errors-detailed',
    capability: 'envelope',
    description:
      'HTTP error bodies carry details and a request_id beside code and content. A checker with a closed error shape fails them.',
    permitted_by: 'Document 1 §Errors: "a JSON body containing `code` and `content`".',
    plug: {
      'transport-error.json': (json, { error }) => ({
        ...json,
        details: [{ reason: error.code }],
        request_id: `req-${Date.now()}`,
      }),
    },
  }),
  ...SHOPPING_VARIATIONS,
  // Authentication
  variation({
    name: 'auth-api-key',
    capability: 'discovery',
    description:
      'Every service request needs an X-API-Key; without it the answer is 401, and a key without permissions gets 403. The config carries the key for both platforms; a checker must send it, and never print it.',
    permitted_by:
      'Document 1 §Authentication: "Authentication is optional and set by each business"; "API key in header `X-API-Key`".',
    conflicts: ['auth-bearer', 'auth-checkout-only'],
    plug: {
      'auth.scheme': () => ({ scheme: 'api-key', covers: () => true }),
      'run-config.needs': (needs, { business }) => ({
        ...needs,
        credential: credential(API_KEY, UNSCOPED_API_KEY, ['*'], business),
      }),
    },
  }),
  variation({
    name: 'auth-api-key-common-word',
    capability: 'discovery',
    description:
      'Every service request needs an X-API-Key, and the keys the business allocated are common words that occur in its bodies ("line", as in line_items; "item"). A checker that takes the key out of what it judges, not only out of what it prints, reads every body wrong.',
    permitted_by:
      'Document 1 §Authentication: "API key in header `X-API-Key`, allocated to the platform by the business": what a key looks like is not shown.',
    conflicts: ['auth-api-key', 'auth-bearer', 'auth-checkout-only'],
    plug: {
      'auth.scheme': () => ({ scheme: 'api-key', covers: () => true, credentials: COMMON_WORD_KEYS }),
      'run-config.needs': (needs, { business }) => ({
        ...needs,
        credential: credential(
          { 'X-API-Key': COMMON_WORD_KEYS.full },
          { 'X-API-Key': COMMON_WORD_KEYS.unscoped },
          ['*'],
          business,
        ),
      }),
    },
  }),
  variation({
    name: 'auth-bearer',
    capability: 'discovery',
    description:
      'Every service request needs an OAuth 2.0 bearer token in Authorization. A checker that only knows API keys, or prints the token, fails it.',
    permitted_by: 'Document 1 §Authentication: "OAuth 2.0 bearer token in `Authorization: Bearer <ACCESS_TOKEN>`".',
    conflicts: ['auth-api-key', 'auth-checkout-only'],
    plug: {
      'auth.scheme': () => ({ scheme: 'bearer', covers: () => true }),
      'run-config.needs': (needs, { business }) => ({
        ...needs,
        credential: credential(
          { Authorization: `Bearer ${REFERENCE_BEARER_TOKEN}` },
          { Authorization: `Bearer ${REFERENCE_UNSCOPED_BEARER_TOKEN}` },
          ['*'],
          business,
        ),
      }),
    },
  }),
  variation({
    name: 'auth-checkout-only',
    capability: 'discovery',
    description:
      'The catalog and the cart are public; checkout and order need an X-API-Key. A checker that expects 401 everywhere, or sends credentials only when told every operation needs them, fails it.',
    permitted_by:
      'Document 1 §Authentication: "a business may require it for some operations and leave others open (for example a public cart)".',
    conflicts: ['auth-api-key', 'auth-bearer'],
    plug: {
      'auth.scheme': () => ({ scheme: 'api-key', covers: checkoutOrOrder }),
      'run-config.needs': (needs, { business }) => ({
        ...needs,
        credential: credential(
          API_KEY,
          UNSCOPED_API_KEY,
          OPERATIONS.filter(checkoutOrOrder).map((o) => o.name),
          business,
        ),
      }),
    },
  }),
  variation({
    name: 'capability-versions-differ',
    capability: 'profile',
    description: `The cart capability is advertised and echoed at an older version (2025-10-15) than the service and the other capabilities. A checker that requires one version everywhere fails it.`,
    permitted_by:
      'Document 1 §What the service does: "Capabilities are adopted independently."; §Versioning: "A business advertises capability versions in its profile; responses echo the version".',
    plug: {
      'version.capability': (version, { capability }) =>
        capability === 'shopping.cart' ? OLDER_CART_VERSION : version,
    },
  }),
  variation({
    name: 'versions-by-layer',
    capability: 'profile',
    description:
      "Each layer of the profile states its own version: proto.version the usual date, the service entries 2026-03-02, the capability entries 2026-02-03 (echoed so in responses). Shopping responses state the profile's proto.version, common responses their service entry's, lodging responses their capabilities'. A checker that wants one version everywhere, or one particular layer echoed, fails it.",
    permitted_by:
      'Document 1 §Versioning: "The version appears in each service entry, each capability entry, and `proto.version` of every response"; which of them a response states, and whether they agree, is not shown.',
    // Shopping responses state the profile's version, common ones their service entry's, lodging ones their
    // capability's.
    plug: {
      'version.services': () => LAYER_VERSIONS.service,
      'version.capabilities': () => LAYER_VERSIONS.capability,
      'envelope.version': (version, { op, versions }) =>
        !op || op.service === 'shopping' ? version : op.service === 'common' ? versions.service : versions.capability,
    },
  }),
  variation({
    name: 'platform-profiles-fetched',
    capability: 'discovery',
    description:
      'The business fetches the platform profile each Proto-Agent names (on loopback), answering 424 when it cannot and 422 when it is no profile, and tolerating key types it does not know. A checker that sends an unreachable profile URL gets 424 everywhere.',
    permitted_by:
      'Document 1 §Errors: "422 | Platform profile content malformed (discovery failure)", "424 | Platform profile URL valid but fetching it failed"; whether a business fetches the profile is not shown.',
    plug: { 'platform-profile.resolved': () => true },
  }),
  variation({
    name: 'platform-profiles-fetched-on-complete',
    capability: 'discovery',
    description:
      'The business fetches the platform profile Proto-Agent names only when a complete (checkout or booking) asks it to take a payment, answering 424 or 422 there as platform-profiles-fetched does; every other operation is served without resolving it. A checker that takes one fetch of a broken profile as the business resolving it everywhere fails the other operations.',
    permitted_by:
      'Document 1 §Errors: "422 | Platform profile content malformed (discovery failure)", "424 | Platform profile URL valid but fetching it failed"; whether, and when, a business fetches the profile is not shown.',
    conflicts: ['platform-profiles-fetched', 'requires-signatures', 'signatures-on-complete-only'],
    plug: {
      'platform-profile.resolved': (resolved, { op }) => resolved || SIGNED_ON_COMPLETE_ONLY.includes(op.name),
    },
  }),
  variation({
    name: 'requires-signatures',
    capability: 'discovery',
    description:
      'Every request must carry an RFC 9421 signature (Signature and Signature-Input) by a key of the platform profile Proto-Agent names, covering the listed components it has, and a request with a body its Content-Digest; otherwise 401. The config says so (signing.required_for "*"). A checker that cannot sign, or signs over the wrong components, is refused.',
    permitted_by:
      'Document 1 §Authentication: "HTTP Message Signatures (RFC 9421)" among the mechanisms a business may use; Signature "Required when authenticating with message signatures".',
    // The platform profile is resolved for its keys.
    plug: {
      'platform-profile.resolved': () => true,
      'request-signature.verified': () => true,
      'run-config.needs': (needs) => ({ ...needs, signing: { required_for: ['*'] } }),
    },
  }),
  variation({
    name: 'signatures-on-complete-only',
    capability: 'discovery',
    description:
      'Only complete (checkout and booking) must carry a Content-Digest and an RFC 9421 signature by a key of the platform profile; every other request is served signed or not, its signature unread. The config says so (signing.required_for). A checker that expects 401 for a broken signature where the config does not say signatures are verified fails it.',
    permitted_by:
      'Document 1 §Authentication: "a business may require it for some operations and leave others open (for example a public cart)"; "HTTP Message Signatures (RFC 9421)" among the mechanisms.',
    conflicts: ['requires-signatures'],
    // The platform profile is resolved for every operation, as under requires-signatures.
    plug: {
      'platform-profile.resolved': () => true,
      'request-signature.verified': (verified, { op }) => verified || SIGNED_ON_COMPLETE_ONLY.includes(op.name),
      'run-config.needs': (needs) => ({ ...needs, signing: { required_for: SIGNED_ON_COMPLETE_ONLY } }),
    },
  }),
  variation({
    name: 'signatures-digest-refused-400',
    capability: 'signatures',
    description:
      'As requires-signatures, but a body that does not match its Content-Digest is refused as a malformed request, HTTP 400, before any signature is read. A checker that wants 401 for it fails the business.',
    permitted_by:
      'Document 1 §Errors: "400 | Malformed JSON or missing required parameters", "401 | Authentication missing or invalid"; which status a body that does not match its Content-Digest gets is not shown.',
    plug: {
      'platform-profile.resolved': () => true,
      'request-signature.verified': () => true,
      'request-signature.refusal': (refusal, { check }) =>
        check === 'digest' ? transportError(400, 'invalid_request', 'Content-Digest does not match the body') : refusal,
      'run-config.needs': (needs) => ({ ...needs, signing: { required_for: ['*'] } }),
    },
  }),
  variation({
    name: 'platform-profiles-best-effort',
    capability: 'discovery',
    description:
      'The business fetches the platform profile each Proto-Agent names (on loopback), but serves the request when the fetch fails or what comes back is no profile. A checker that reads the 422 and 424 rows as a duty to refuse fails it.',
    permitted_by:
      'Document 1 §Errors: "422 | Platform profile content malformed (discovery failure)", "424 | Platform profile URL valid but fetching it failed"; the statuses of a refusal are fixed, whether a business must refuse is not shown.',
    // A business that verifies signatures needs the profile's keys, so it would refuse: that is another choice.
    conflicts: [
      'platform-profiles-fetched-on-complete',
      'requires-signatures',
      'signatures-on-complete-only',
      'signatures-digest-refused-400',
    ],
    plug: { 'platform-profile.resolved': () => true, 'platform-profile.refusal': () => undefined },
  }),
  variation({
    name: 'rate-limited-429',
    capability: 'transport',
    description:
      'Beyond 20 requests a second the business answers 429 with Retry-After: 1, whatever the request. A checker that judges the 429 instead of waiting and retrying fails checks all over the run.',
    permitted_by:
      'Document 1 §Errors: "429 | Rate limited"; §Limits: "Rate limit values and headers (429 is the signal): not shown."',
    plug: {
      'transport.refusal': (refusal, { recent }) => refusal ?? rateLimited(recent, RATE_LIMIT_PER_SECOND),
    },
  }),
  variation({
    name: 'https-tls-1-3',
    capability: 'transport',
    description:
      'The business is served over HTTPS with TLS 1.3 only, with a self-signed certificate the run is given as its CA. A checker that assumes plain http, or accepts a TLS 1.2 handshake, is wrong about it.',
    permitted_by: 'Document 1 §What the service does: "Transport is HTTPS with TLS 1.3 as the minimum version."',
    plug: {
      'server.assembly': (assembly) => ({ ...assembly, https: true }),
      'run-config.needs': (needs) => ({ ...needs, tls: { ...needs.tls, ca_file: tlsPath('reference-cert.pem') } }),
    },
  }),
  variation({
    name: 'http2-only',
    capability: 'transport',
    description:
      'The business speaks HTTP/2 only, agreed by ALPN over TLS 1.3: a client that offers only HTTP/1.1 gets no answer. A checker that assumes HTTP/1.1 cannot reach it at all.',
    permitted_by:
      'Document 1 §What the service does: "Transport is HTTPS with TLS 1.3 as the minimum version." No HTTP version is fixed anywhere (not shown).',
    plug: {
      'server.assembly': (assembly) => ({ ...assembly, https: true, http2: true }),
      'run-config.needs': (needs) => ({ ...needs, tls: { ...needs.tls, ca_file: tlsPath('reference-cert.pem') } }),
    },
  }),
  variation({
    name: 'required-members-as-messages',
    capability: 'errors',
    description:
      'A request without a required member (ids, id, line_items) gets HTTP 200 with an error response whose missing messages point at it, not a 400. A checker that only accepts 400 fails it.',
    permitted_by:
      'Document 1 §Errors: "Codes that appear: … `missing` (required field absent, with `path`)"; business outcomes "including … validation problems" use HTTP 200 (§What the service does).',
    plug: {
      'required-members.refusal': (refusal, { absent }) =>
        refusal.kind === 'transport-error' ? missingMembers(absent) : refusal,
    },
  }),
  variation({
    name: 'resource-looked-up-first',
    capability: 'errors',
    description:
      'An operation on a resource (/carts/{id}, /checkout-sessions/{id}/complete, …) looks the resource up before it reads the body: a session it never issued gets its not_found answer even when the body is not JSON. A checker that sends malformed JSON to an unknown id and expects 400 fails it.',
    permitted_by:
      'Not shown: Document 1 §Errors gives 400 for "Malformed JSON" and not_found for an unknown cart or order, but not which a request with both problems gets.',
    // An unknown resource's not_found comes before the body is read (the handler finds nothing, whatever the body).
    plug: { 'request.json-refusal': (refusal, { held, answer }) => (held === false ? answer({}) : refusal) },
  }),
  variation({
    name: 'session-state-before-body',
    capability: 'errors',
    description:
      "Complete (checkout and booking) reads the session's state before the body: a session that is not ready_for_complete gets its not_ready answer (HTTP 200, a recoverable error) even when the body is not JSON. A checker that probes complete on an open session with malformed JSON and expects 400 fails it.",
    permitted_by:
      'Not shown: Document 1 §Errors gives 400 for "Malformed JSON", and §Checkout lets complete answer with messages, but not which a request with both problems gets.',
    // The handler's answer to a payment it cannot take yet: not_ready for an open session, nothing changed.
    plug: {
      'request.json-refusal': (refusal, { op, held, answer }) => {
        if (!held || !op.name.endsWith('.complete')) return refusal;
        const state = answer({ payment: { instruments: [{}] } });
        const notReady = state.kind === 'resource' && messageCodes(state.body).includes('not_ready');
        return notReady ? state : refusal;
      },
    },
  }),
  variation({
    name: 'required-members-unpointed',
    capability: 'errors',
    description:
      'A request without a required member gets HTTP 200 with an error response whose one unrecoverable error says so in its content, with a code of its own and no path. A checker that only takes a message pointing at the member for a refusal fails it.',
    permitted_by:
      'Document 1 §Errors: "Business outcomes return HTTP 200 with the `proto` envelope and `messages`"; a path comes with `missing`, and "The complete error code registry: not shown."',
    plug: {
      'required-members.refusal': (refusal, { absent }) =>
        refusal.kind === 'transport-error'
          ? businessError([unrecoverable('invalid_request', `${absent.join(', ')} is required.`)])
          : refusal,
    },
  }),
  variation({
    name: 'required-members-own-code',
    capability: 'errors',
    description:
      "A request without a required member gets HTTP 200 with an error response whose errors pointing at it carry the business's own code, required, not missing. A checker that only accepts the code missing fails it.",
    permitted_by:
      'Document 1 §Errors: "Codes that appear: … `missing` (required field absent, with `path`)"; "The complete error code registry: not shown."',
    plug: {
      'required-members.refusal': (refusal, { absent }) =>
        refusal.kind === 'transport-error'
          ? businessError(missingMembers(absent).messages.map((m) => ({ ...m, code: 'required' })))
          : refusal,
    },
  }),
  variation({
    name: 'mtls-required',
    capability: 'transport',
    description:
      "Served over TLS 1.3, and every service request must come with a client certificate signed by the business's CA (a bundled test CA); without one, or with another, the answer is 401. The profile stays public. A checker that cannot present a certificate is refused.",
    permitted_by: 'Document 1 §Authentication: "Mechanisms that the REST binding may use: … 4. Mutual TLS."',
    // The platform certificate the reference's test CA signed is needed for every service request.
    plug: {
      'server.assembly': (assembly) => ({ ...assembly, https: true, clientCertificates: true }),
      'run-config.needs': (needs) => ({
        ...needs,
        certificateFor: ['*'],
        tls: {
          ...needs.tls,
          ca_file: tlsPath('reference-cert.pem'),
          cert_file: tlsPath('client-cert.pem'),
          key_file: tlsPath('client-key.pem'),
        },
      }),
    },
  }),
  // Signatures
  variation({
    name: 'responses-signed-everywhere',
    capability: 'signatures',
    description:
      'Every service response is signed and carries a Content-Digest, not only complete and order responses. A checker that expects signatures only where the spec advises them stumbles on the rest.',
    permitted_by:
      'Document 1 §Authentication: "Response signing is recommended for complete checkout responses and optional for create, get, update and cancel checkout."',
    plug: { 'response-signature.signed': () => 'chosen' },
  }),
  variation({
    name: 'responses-signed-ed25519',
    capability: 'signatures',
    description:
      'Responses are signed with the Ed25519 key instead of the P-256 one. A checker that only verifies ECDSA fails them.',
    permitted_by:
      'Document 1 §Public JWK: crv "Well-known: `P-256`, `P-384` (EC); `Ed25519` (OKP)"; "OKP keys are recommended for signers that opt into bot-authentication".',
    plug: { 'response-signature.sig1': (sig, { keys }) => ({ ...sig, key: keys.signing.okp }) },
  }),
  variation({
    name: 'responses-also-signed-es512',
    capability: 'signatures',
    description:
      'Signed responses carry a second signature, sig2, by a P-521 key (alg ES512) the profile publishes beside the others. A checker that fails a signature by a key it cannot use, or counts it as verified, is wrong about it.',
    permitted_by:
      'Document 1 §Versioning: "Key, curve and algorithm vocabularies in profiles are open and tolerate unknown values"; §Public JWK: verifiers "MUST tolerate unrecognised key types, curves and algorithms; an unsupported key affects only the signature that references it (signature failure reason `algorithm_unsupported`)".',
    // The P-521 key is published after the Ed25519 one.
    plug: {
      'profile.keys': (published, { keys }) =>
        published?.flatMap((k) => (k.kid === keys.okp.kid ? [k, { ...keys.p521 }] : [k])),
      'response-signature.more': (more, { message, components, keys }) => [
        ...more,
        signMessage(message, components, keys.signing.p521, { label: 'sig2' }),
      ],
    },
  }),
  variation({
    name: 'responses-also-signed-request-bound',
    capability: 'signatures',
    description:
      'Signed responses carry a further signature, sig3, that also covers the request\'s method ("@method";req, RFC 9421 §2.4). A checker that rebuilds it without the request fails it, one that skips it silently claims more than it verified.',
    permitted_by:
      'Document 1 §Authentication: "HTTP Message Signatures (RFC 9421)"; response headers `Signature`, `Signature-Input` "all optional"; which components a response signature covers is not shown.',
    // RFC 9421 §2.4: `;req` takes the component from the request the response answers.
    plug: {
      'response-signature.more': (more, { op, message, components, keys }) => [
        ...more,
        signMessage({ ...message, request: { method: op.method, headers: {} } }, components, keys.signing.ec, {
          label: 'sig3',
          requestComponents: ['@method'],
        }),
      ],
    },
  }),
  variation({
    name: 'profile-response-signed',
    capability: 'signatures',
    description:
      "The profile document's own response is signed and carries a Content-Digest, as service responses are. A checker that verifies it before it has read the keys finds an unknown keyid.",
    permitted_by:
      'Document 1 §Authentication: "Response headers (all optional): `Signature`, `Signature-Input`, `Content-Digest`".',
    plug: { 'profile.signed': () => true },
  }),
  // Idempotency
  variation({
    name: 'idempotency-replay-reserialised',
    capability: 'idempotency',
    description:
      'A replay returns the stored result written out again: members sorted, indented. A checker that compares replay bytes fails it.',
    permitted_by:
      'Document 1 §Limits: "a duplicate key with a matching body returns the stored result"; the result is JSON (§What the service does, RFC 8259), whose member order and whitespace carry no meaning.',
    // The stored value written out again: keys sorted, indented. The same JSON, other bytes.
    plug: {
      'idempotency.replay': (replay) => ({
        ...replay,
        text: JSON.stringify(
          JSON.parse(replay.text, (_k, v: unknown) => sortKeys(v)),
          null,
          2,
        ),
      }),
    },
  }),
  variation({
    name: 'idempotency-compares-json',
    capability: 'idempotency',
    description:
      'Bodies under one key are compared as canonical JSON: the same body indented is a match. A checker that requires a byte comparison fails it.',
    permitted_by:
      'Document 1 §Limits: "a duplicate key with a matching body returns the stored result"; what makes a body matching is not shown.',
    plug: {
      'idempotency.body': (body) => {
        try {
          return canonicalJson(JSON.parse(body || 'null'));
        } catch {
          // Not JSON: compared as bytes.
          return body;
        }
      },
    },
  }),
  variation({
    name: 'idempotency-key-per-operation',
    capability: 'idempotency',
    description:
      'A key is scoped to one operation and path: the same key on another operation is a new request. A checker that expects a 409 across operations fails it.',
    permitted_by:
      'Document 1 §Limits: "The server stores the key with the result"; the scope of a key across operations is not shown.',
    plug: { 'idempotency.scope': (_scope, { request }) => `${request.method} ${request.path}` },
  }),
  ...COMMON_VARIATIONS,
  ...LODGING_VARIATIONS,
] as const;

export type VariationName = (typeof VARIATIONS)[number]['name'];

/** The codes of a reply body's messages. */
const messageCodes = (body: Json): unknown[] =>
  Array.isArray(body.messages) ? body.messages.map((m: { code?: unknown }) => m.code) : [];

/** Why a fault and a variation cannot be on together, or undefined when they can. */
export function clash(fault: string, variation: string): string | undefined {
  const v = VARIATIONS.find((x) => x.name === variation) as Variation | undefined;
  return v?.hides?.includes(fault)
    ? `--variation ${variation} leaves --fault ${fault} nothing to break (or changes what it breaks)`
    : undefined;
}

export function isVariationName(name: string): name is VariationName {
  return VARIATIONS.some((v) => v.name === name);
}

/** The variations of the list that can be on together: each kept unless it conflicts with one kept before. */
export function compatible(names: readonly VariationName[]): VariationName[] {
  const kept: VariationName[] = [];
  for (const name of names) {
    const v = VARIATIONS.find((x) => x.name === name) as Variation;
    if (!kept.some((k) => v.conflicts?.includes(k))) kept.push(name);
  }
  return kept;
}
