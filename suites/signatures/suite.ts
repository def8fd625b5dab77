import type { ExchangeRule, RuleContext } from '../../src/engine/rule.js';
import type { Suite } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/report/exchange.js';
import { carriesResourceOf } from '../../src/protocol/envelope.js';
import type { SignatureFinding } from '../../src/report/exchange.js';

/** Results that come from rebuilding and checking a signature: the others are reported, not judged. */
const VERIFIABLE: readonly string[] = ['valid', 'invalid', 'incomplete'];

const findings = (x: Exchange): SignatureFinding[] => (Array.isArray(x.signatures) ? x.signatures : []);
const signed = (x: Exchange) => x.signatures !== undefined;
const publishesKeys = (r: RuleContext) => {
  const keys = r.target.profile?.document.keys;
  return Array.isArray(keys) && keys.length > 0;
};

/**
 * A response to the operation that carries its resource. Whether the profile publishes keys or not: the SHOULD binds
 * every business, and one without keys to sign with is told so.
 */
const answered = (operation: string) => (x: Exchange, r: RuleContext) =>
  x.operation === operation && carriesResourceOf(x, r.dialect.envelopeKey);

/** The capabilities whose responses Document 1 advises signing: complete checkout and order. */
const ADVISED = ['shopping.checkout', 'shopping.order'];
/** Whether the business has one of them: advertised, whether the run checks it or --capabilities left it out. */
const advisedBy = (r: RuleContext) => ADVISED.some((c) => r.target.capabilities.has(c) || r.target.excluded.has(c));

/**
 * Where a business shows it signs nothing: the responses Document 1 advises signing, or, for a
 * business with neither capability, any successful service response. A run that reached neither
 * (no --allow irreversible, no credentials, --capabilities) cannot tell: the rules stay not-tested.
 */
const choiceShown = {
  applies: (x: Exchange, r: RuleContext) =>
    advisedBy(r)
      ? answered('checkout.complete')(x, r) || answered('order.get')(x, r)
      : x.service !== undefined && x.status !== undefined && x.status >= 200 && x.status < 300,
  words: (r: RuleContext) =>
    advisedBy(r)
      ? 'complete checkout and order responses, those Document 1 advises signing'
      : 'successful service responses',
};
/** Document 1 §Authentication: "Response headers (all optional): `Signature`, `Signature-Input`, `Content-Digest`". */
const UNSIGNED = { carries: signed, what: 'a Signature (optional, Document 1 §Authentication)', shownOn: choiceShown };

/** An unsigned response, and why, where the profile explains it. */
const unsigned = (x: Exchange, r: RuleContext) =>
  signed(x)
    ? []
    : [
        publishesKeys(r)
          ? 'the response carries no Signature'
          : 'the response carries no Signature, and the profile publishes no keys to sign with',
      ];

/** Of the components Document 1 lists for signatures, those a response carries: what protects its body. */
const BODY_COMPONENTS = ['content-type', 'content-digest'];

/**
 * Each signature that leaves content-type or content-digest out: one over `@status` alone protects no body. One that
 * covers a Content-Digest the response lacks cannot verify (signatures.verify).
 */
const uncoveredBody = (x: Exchange): string[] =>
  findings(x).flatMap((f) => {
    const left = BODY_COMPONENTS.filter((c) => !f.components.includes(c));
    return left.length ? [`${f.label} covers ${f.components.join(' ') || 'nothing'}, not ${left.join(' or ')}`] : [];
  });

const RULES: ExchangeRule[] = [
  {
    check: {
      id: 'signatures.keyid-resolves',
      title: 'the keyid of a response signature names a key in the profile',
      requirements: ['PROF-012'],
    },
    appliesTo: 'signed service responses',
    optional: UNSIGNED,
    applies: (x) => x.service !== undefined && findings(x).length > 0,
    problems: (x) =>
      findings(x)
        .filter((f) => f.result === 'unknown_key')
        .map((f) => `${f.label}: ${f.detail}`),
  },
  {
    check: {
      id: 'signatures.verify',
      title: 'response signatures verify with the profile key they name',
      requirements: ['SIG-001'],
    },
    appliesTo: 'signed service responses with a signature this tool can verify',
    optional: UNSIGNED,
    applies: (x) =>
      x.service !== undefined &&
      signed(x) &&
      (!Array.isArray(x.signatures) || x.signatures.some((f) => VERIFIABLE.includes(f.result))),
    problems: (x) =>
      Array.isArray(x.signatures)
        ? x.signatures
            .filter((f) => f.result === 'invalid' || f.result === 'incomplete')
            .map(
              (f) =>
                `${f.label} (keyid ${f.keyid}, covering ${f.components.join(' ')}): ${f.result === 'invalid' ? 'does not verify' : f.detail}`,
            )
        : [(x.signatures as { problem: string }).problem],
    coverage: (judged) => {
      const all = judged.flatMap(findings);
      const algorithms = all.filter((f) => f.result === 'algorithm_unsupported').length;
      const components = all.filter((f) => f.result === 'component_unsupported').length;
      const notes = [
        ...(algorithms
          ? [
              `${algorithms} signatures by keys whose algorithm this tool does not know were not verified (algorithm_unsupported)`,
            ]
          : []),
        ...(components
          ? [
              `${components} signatures covering components this tool does not rebuild were not verified (component_unsupported)`,
            ]
          : []),
      ];
      return notes.length ? notes.join('; ') : undefined;
    },
  },
  {
    check: {
      id: 'signatures.covers-body',
      title: 'a response signature covers content-type and content-digest',
      requirements: ['SIG-013'],
    },
    appliesTo: 'signed service responses',
    optional: UNSIGNED,
    applies: (x) => x.service !== undefined && findings(x).length > 0,
    problems: uncoveredBody,
  },
  {
    check: {
      id: 'signatures.content-digest',
      title: 'a response Content-Digest is over the RFC 8785 canonical body',
      requirements: ['SIG-002'],
    },
    appliesTo: 'service responses carrying Content-Digest',
    optional: {
      carries: (x) => x.contentDigest !== undefined,
      what: 'a Content-Digest (optional, Document 1 §Authentication)',
      shownOn: choiceShown,
    },
    applies: (x) =>
      x.service !== undefined && x.contentDigest !== undefined && x.contentDigest.result !== 'unsupported',
    problems: (x) => {
      const d = x.contentDigest;
      if (!d || d.result === 'canonical') return [];
      if (d.result === 'raw') return [`${d.header} matches the body bytes as sent, not their RFC 8785 canonical form`];
      if (d.result === 'unreadable') return [d.detail ?? 'Content-Digest cannot be read'];
      return [`${d.header} matches neither the canonical body nor the bytes as sent`];
    },
  },
  {
    check: {
      id: 'signatures.complete-signed',
      title: 'complete checkout responses are signed',
      requirements: ['SIG-003'],
    },
    appliesTo: 'complete checkout responses carrying the session',
    effect: 'irreversible',
    capabilities: ['shopping.checkout'],
    applies: answered('checkout.complete'),
    problems: unsigned,
  },
  {
    check: { id: 'signatures.order-signed', title: 'order responses are signed', requirements: ['SIG-004'] },
    appliesTo: 'order responses carrying the order',
    effect: 'irreversible',
    capabilities: ['shopping.order'],
    applies: answered('order.get'),
    problems: unsigned,
  },
];

/** Response signatures and digests: rules over every exchange, judged against the profile's keys. */
export const signaturesSuite: Suite = {
  id: 'signatures',
  title: 'Response signatures and Content-Digest',
  capability: 'signatures',
  appliesWhen: 'profile',
  scenarios: [],
  rules: RULES,
};
