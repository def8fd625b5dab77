/**
 * HTTP Message Signatures (RFC 9421) and Content-Digest (RFC 9530), as the protocol uses them
 * (Document 1 §Authentication): parse the headers with structured-headers, rebuild the signature
 * base from the covered components, verify with node:crypto. ECDSA signatures are raw r‖s.
 */
import {
  createHash,
  createPublicKey,
  createPrivateKey,
  sign as cryptoSign,
  verify as cryptoVerify,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { parseDictionary, serializeInnerList, type Token, type InnerList, type Item } from 'structured-headers';
import { canonicalJson } from './canonical.js';
import type { DigestFinding, SignatureFinding, Verification } from '../report/exchange.js';
import { CURVE_ALG, table } from './jwk.js';

export interface MessageSignature {
  label: string;
  /** Covered component identifiers, as written (`@status`, `content-digest`). */
  components: string[];
  /** Components carrying parameters (`;sf`, `;req`, `;key`), which this tool does not rebuild. */
  parameterised: string[];
  /** The parameters: keyid, created, alg, … */
  params: Map<string, unknown>;
  /** The `@signature-params` value: the inner list serialised again. */
  paramsText: string;
  signature: Buffer;
}

/** The signatures a message carries, or what makes its headers unreadable. */
export function parseSignatures(signatureInput: string, signature: string): MessageSignature[] | { problem: string } {
  let inputs: Map<string, Item | InnerList>;
  let values: Map<string, Item | InnerList>;
  try {
    inputs = parseDictionary(signatureInput);
    values = parseDictionary(signature);
  } catch (err) {
    return { problem: `Signature or Signature-Input is not an RFC 8941 dictionary (${(err as Error).message})` };
  }
  const out: MessageSignature[] = [];
  for (const [label, input] of inputs) {
    if (!Array.isArray(input[0])) return { problem: `Signature-Input member ${label} is not an inner list` };
    const value = values.get(label);
    if (!value || !(value[0] instanceof ArrayBuffer))
      return { problem: `Signature has no byte sequence for label ${label}` };
    const items = input[0] as Item[];
    if (items.some((i) => typeof i[0] !== 'string'))
      return { problem: `Signature-Input ${label} covers a component that is not a string` };
    out.push({
      label,
      components: items.map((i) => i[0] as string),
      parameterised: items.filter((i) => i[1].size > 0).map((i) => i[0] as string),
      params: input[1],
      paramsText: serializeInnerList(input as InnerList),
      signature: Buffer.from(value[0]),
    });
  }
  return out;
}

/**
 * The components a request signature covers, of those the request has (Document 1 §Authentication: "signed
 * components include …"): the derived ones always, a header where the request carries it.
 */
export const REQUEST_COMPONENTS = [
  '@method',
  '@authority',
  '@path',
  'idempotency-key',
  'content-digest',
  'content-type',
  'proto-agent',
];

/** Of REQUEST_COMPONENTS, those a request with these headers (names lower case) has. */
export const requestComponentsOf = (headers: Record<string, unknown>): string[] =>
  REQUEST_COMPONENTS.filter((c) => c.startsWith('@') || headers[c] !== undefined);

/** What a response offers to sign: its status and its header fields (names lower case). */
export interface SignedMessage {
  status?: number;
  method?: string;
  authority?: string;
  path?: string;
  headers: Record<string, string>;
  /** The request a response answers, whose components `;req` names (RFC 9421 §2.4). */
  request?: SignedMessage;
}

/**
 * The signature base (RFC 9421 §2.5): one line per covered component, then the signature
 * parameters. Components it cannot resolve are returned instead.
 */
export function signatureBase(
  m: SignedMessage,
  components: string[],
  paramsText: string,
  requestComponents: string[] = [],
): string | { missing: string[] } {
  const lines: string[] = [];
  const missing: string[] = [];
  const add = (c: string, from: SignedMessage | undefined, suffix: string) => {
    const value = from && componentValue(from, c);
    if (value === undefined) missing.push(`${c}${suffix}`);
    else lines.push(`"${c}"${suffix}: ${value}`);
  };
  for (const c of components) add(c, m, '');
  for (const c of requestComponents) add(c, m.request, ';req');
  if (missing.length) return { missing };
  lines.push(`"@signature-params": ${paramsText}`);
  return lines.join('\n');
}

function componentValue(m: SignedMessage, name: string): string | undefined {
  switch (name) {
    case '@status':
      return m.status === undefined ? undefined : String(m.status);
    case '@method':
      return m.method?.toUpperCase();
    case '@authority':
      return m.authority?.toLowerCase();
    case '@path':
      return m.path;
    default: {
      if (name.startsWith('@')) return undefined;
      const value = m.headers[name.toLowerCase()];
      // Field values are trimmed; multiple values were joined with ", " when recorded.
      return value === undefined ? undefined : value.trim();
    }
  }
}

/** The algorithm a JWK signs with: its alg, or what its curve implies (Document 1 §Public JWK). */
export function algorithmOf(jwk: Record<string, unknown>): string | undefined {
  const implied = typeof jwk.crv === 'string' ? CURVE_ALG[jwk.crv] : undefined;
  if (typeof jwk.alg === 'string') return jwk.alg === implied ? jwk.alg : undefined;
  return implied;
}

const HASHES = table<string | null>({ ES256: 'sha256', ES384: 'sha384', EdDSA: null });

/** Verifies a signature base with a public JWK; a key this tool cannot use is `algorithm_unsupported`. */
export function verifySignature(base: string, signature: Buffer, jwk: Record<string, unknown>): Verification {
  const alg = algorithmOf(jwk);
  if (!alg || !(alg in HASHES)) return 'algorithm_unsupported';
  let key: KeyObject;
  try {
    key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
  } catch {
    return 'algorithm_unsupported';
  }
  const data = Buffer.from(base, 'utf8');
  const ok =
    alg === 'EdDSA'
      ? cryptoVerify(null, data, key, signature)
      : cryptoVerify(HASHES[alg] as string, data, { key, dsaEncoding: 'ieee-p1363' }, signature);
  return ok ? 'valid' : 'invalid';
}

/** The hash ECDSA signs with on each curve (RFC 7518 §3.4); Ed25519 hashes nothing itself. */
const SIGNING_HASHES = table<string | null>({ 'P-256': 'sha256', 'P-384': 'sha384', 'P-521': 'sha512', Ed25519: null });

/**
 * Signs a signature base with a private JWK (the reference business, and request signing). It
 * signs with any curve of RFC 7518, P-521 too: a business may sign with a key no checker verifies.
 */
export function signBase(base: string, privateJwk: Record<string, unknown>): Buffer {
  const hash = SIGNING_HASHES[String(privateJwk.crv)];
  const key = createPrivateKey({ key: privateJwk as JsonWebKey, format: 'jwk' });
  const data = Buffer.from(base, 'utf8');
  return hash === null
    ? cryptoSign(null, data, key)
    : cryptoSign(hash ?? 'sha256', data, { key, dsaEncoding: 'ieee-p1363' });
}

/** The Signature-Input value for components, those taken from the request (`;req`), and parameters. */
export function signatureInputFor(
  components: string[],
  params: { created: number; keyid: string },
  requestComponents: string[] = [],
): string {
  const items: Item[] = [
    ...components.map((c): Item => [c, new Map()]),
    ...requestComponents.map((c): Item => [c, new Map([['req', true]])]),
  ];
  return serializeInnerList([
    items,
    new Map<string, string | number | Token>([
      ['created', params.created],
      ['keyid', params.keyid],
    ]),
  ]);
}

/**
 * Signs a message (RFC 9421) under a label (sig1 unless named) and returns its Signature-Input
 * and Signature values; `requestComponents` are covered from `m.request`, marked `;req`. For the
 * negative tests and faults that need a broken signature: `keyid` names another kid,
 * `baseComponents` signs other components than it declares, `tamper` spoils the bytes.
 */
export function signMessage(
  m: SignedMessage,
  components: string[],
  privateJwk: Record<string, unknown>,
  opts: {
    label?: string;
    requestComponents?: string[];
    keyid?: string;
    baseComponents?: string[];
    tamper?: boolean;
  } = {},
): { 'Signature-Input': string; Signature: string } {
  const label = opts.label ?? 'sig1';
  const input = signatureInputFor(
    components,
    { created: Math.floor(Date.now() / 1000), keyid: opts.keyid ?? String(privateJwk.kid) },
    opts.requestComponents,
  );
  const base = signatureBase(m, opts.baseComponents ?? components, input, opts.requestComponents) as string;
  const signature = signBase(base, privateJwk);
  if (opts.tamper) signature[0] ^= 0xff;
  return { 'Signature-Input': `${label}=${input}`, Signature: `${label}=:${signature.toString('base64')}:` };
}

/** The digests a Content-Digest header carries, by algorithm, or what makes it unreadable. */
export function parseContentDigest(header: string): Map<string, Buffer> | { problem: string } {
  try {
    const out = new Map<string, Buffer>();
    for (const [alg, member] of parseDictionary(header)) {
      if (!(member[0] instanceof ArrayBuffer))
        return { problem: `Content-Digest member ${alg} is not a byte sequence` };
      out.set(alg, Buffer.from(member[0]));
    }
    return out;
  } catch (err) {
    return { problem: `Content-Digest is not an RFC 8941 dictionary (${(err as Error).message})` };
  }
}

const DIGEST_ALGORITHMS: Record<string, string> = { 'sha-256': 'sha256', 'sha-512': 'sha512' };

/** A digest of bytes under an RFC 9530 algorithm name, or undefined for one this tool lacks. */
export function digestOf(alg: string, bytes: Buffer | string): Buffer | undefined {
  const hash = DIGEST_ALGORITHMS[alg];
  return hash ? createHash(hash).update(bytes).digest() : undefined;
}

/** `sha-256=:…:` over some bytes. */
export function contentDigestHeader(bytes: Buffer | string): string {
  return `sha-256=:${(digestOf('sha-256', bytes) as Buffer).toString('base64')}:`;
}

/** The derived components a signature base is rebuilt with (a request's, or a response's status). */
const REBUILT = ['@status', '@method', '@authority', '@path'];

/**
 * Verifies what a response carries, before any redaction: each signature against the profile
 * key its keyid names, and the Content-Digest against the canonical body (and the raw bytes, to
 * name the common mistake). Headers are lower case, as recorded.
 */
export function inspectResponse(
  status: number,
  headers: Record<string, string>,
  raw: Buffer,
  keys: readonly Record<string, unknown>[],
): { signatures?: SignatureFinding[] | { problem: string }; digest?: DigestFinding } {
  const out: { signatures?: SignatureFinding[] | { problem: string }; digest?: DigestFinding } = {};
  if (headers['content-digest'] !== undefined) out.digest = inspectDigest(headers['content-digest'], raw);
  const signatures = inspectSignatures({ status, headers }, keys);
  if (signatures) out.signatures = signatures;
  return out;
}

/**
 * Each signature a message carries, checked against the key its keyid names: for a response the
 * business's profile keys, for a request the platform's. Undefined when it carries none.
 */
export function inspectSignatures(
  m: SignedMessage,
  keys: readonly Record<string, unknown>[],
): SignatureFinding[] | { problem: string } | undefined {
  const input = m.headers['signature-input'];
  const signature = m.headers.signature;
  if (input === undefined && signature === undefined) return undefined;
  if (input === undefined || signature === undefined) {
    return {
      problem: `${input === undefined ? 'Signature' : 'Signature-Input'} without ${input === undefined ? 'Signature-Input' : 'Signature'}`,
    };
  }
  const parsed = parseSignatures(input, signature);
  if (!Array.isArray(parsed)) return parsed;
  return parsed.map((sig) => {
    const keyid = sig.params.get('keyid');
    const base = { label: sig.label, components: sig.components, ...(typeof keyid === 'string' ? { keyid } : {}) };
    const key = keys.find((k) => typeof keyid === 'string' && k.kid === keyid);
    if (!key)
      return {
        ...base,
        result: 'unknown_key' as const,
        detail: typeof keyid === 'string' ? `no key ${keyid} in the profile` : 'no keyid parameter',
      };
    // Parameterised components and derived ones other than those rebuilt here are not judged:
    // a base rebuilt without them would fail a signature that may be right.
    const unsupported = [
      ...sig.parameterised,
      ...sig.components.filter((c) => c.startsWith('@') && !REBUILT.includes(c)),
    ];
    if (unsupported.length)
      return {
        ...base,
        result: 'component_unsupported' as const,
        detail: `covers ${unsupported.join(', ')}, which this tool does not rebuild`,
      };
    const text = signatureBase(m, sig.components, sig.paramsText);
    if (typeof text !== 'string')
      return {
        ...base,
        result: 'incomplete' as const,
        detail: `covers ${text.missing.join(', ')}, which the message lacks`,
      };
    return { ...base, result: verifySignature(text, sig.signature, key) };
  });
}

function inspectDigest(header: string, raw: Buffer): DigestFinding {
  const digests = parseContentDigest(header);
  if (!(digests instanceof Map)) return { header, result: 'unreadable', detail: digests.problem };
  let canonical: string | undefined;
  try {
    canonical = canonicalJson(JSON.parse(raw.toString('utf8')));
  } catch {
    canonical = undefined;
  }
  const known = [...digests].filter(([alg]) => digestOf(alg, '') !== undefined);
  if (known.length === 0)
    return {
      header,
      result: 'unsupported',
      detail: `no algorithm this tool computes (${[...digests.keys()].join(', ')})`,
    };
  const matches = (bytes: Buffer | string) => known.every(([alg, value]) => digestOf(alg, bytes)?.equals(value));
  if (canonical !== undefined && matches(canonical)) return { header, result: 'canonical' };
  if (matches(raw)) return { header, result: 'raw' };
  return { header, result: 'neither' };
}
