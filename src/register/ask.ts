import type { Requirement } from './types.js';

const D2 = 'Document 2';
const capability = 'common.ask';

/**
 * Document 2 on ask. Its idempotency rules (a replay returns the stored result without another
 * turn, a mismatching body gets 409, 24 hours of retention) are IDEM-001, IDEM-003 and IDEM-008,
 * generated for ask like for every other operation.
 */
export const requirements: Requirement[] = [
  {
    id: 'ASK-001',
    level: 'MUST',
    capability,
    source: `${D2} §POST /ask`,
    statement:
      'A well-formed, authorised, within-limits ask request returns HTTP 200 with a populated answer: answer.plain is a non-empty string.',
  },
  {
    id: 'ASK-002',
    level: 'MUST',
    capability,
    source: `${D2} §POST /ask`,
    statement:
      'A question the business cannot address gets HTTP 200 with a populated answer stating the limitation: never an omitted answer, an error message or a non-2xx status.',
  },
  {
    id: 'ASK-003',
    level: 'MUST',
    capability,
    source: `${D2} §POST /ask`,
    statement:
      'An ask response carries the envelope and answer, a Description with plain (a string) and optional markdown or html strings; conversation, links (Link objects) and messages are optional and well-typed when present.',
  },
  {
    id: 'ASK-004',
    level: 'MUST',
    capability,
    source: `${D2} §Ask`,
    statement: 'A returned conversation carries id, a non-empty string issued by the business.',
  },
  {
    id: 'ASK-005',
    level: 'MUST',
    capability,
    source: `${D2} §Ask`,
    statement: "A conversation's expires_at, when present, is an RFC 3339 date-time.",
  },
  {
    id: 'ASK-006',
    level: 'SHOULD',
    capability,
    source: `${D2} §POST /ask`,
    statement:
      'When a conversation is returned, the business retains its history so that a follow-up with the same id builds on it; a run sees this as the follow-up answered under the same conversation id, and sees it broken when the follow-up carries the note an unknown conversation id gets, the same note word for word (the ids aside). A follow-up answered under another id without that note is reported as info: the id is opaque and issued by the business, which may hand out one per turn, and a note that only shares the code of the unknown-id note (one saying the conversation continues) is not that note.',
  },
  {
    id: 'ASK-007',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §POST /ask`,
    statement:
      'A conversation id the business cannot resolve starts a new conversation: HTTP 200 with a populated answer, and a message noting it. What the note says is not shown: it is a message the unresolved id caused, one that an answer to the same question lacks either without a conversation or in a conversation the business resolved; a note on every answer that starts a conversation is one, a message on every answer is not.',
  },
  {
    id: 'ASK-008',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §POST /ask`,
    statement:
      'A regulated disclosure (allergens, safety, legal) is a message of type warning with presentation disclosure; its code is free-form. A message presented as a disclosure that is not a regulated one may be of any type: a run judges the answers carrying disclosures that speak of allergens, the regulated subject it asks about, and takes one of them being a warning as the regulated disclosure (a note beside it, such as when the information was reviewed, may be info). A warning about allergens without presentation disclosure is that disclosure presented otherwise, and fails too.',
  },
  {
    id: 'ASK-009',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D2} §POST /ask`,
    statement:
      "Which questions get a disclosure is the business's choice; the checker asks about allergens and reports whether a disclosure came.",
  },
  {
    id: 'ASK-010',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §POST /ask`,
    statement: 'An answer that comes with a regulated disclosure defers to it as the authoritative source.',
    untestable: "Whether an answer's text defers to a disclosure is a matter of its meaning, which no check can judge.",
  },
  {
    id: 'ASK-011',
    level: 'SHOULD',
    capability,
    source: `${D2} §POST /ask`,
    statement:
      'The business accepts its own global identifiers as grounding ids: HTTP 200 with a populated answer, and no error or not_found message about them (a not_found naming one of them or pointing at them by its path; one about something else is a note about the answer).',
  },
  {
    id: 'ASK-012',
    level: 'MAY',
    capability,
    source: `${D2} §POST /ask`,
    statement: 'The business may accept secondary identifiers (SKU, handle, URL) as grounding ids.',
    untestable:
      'Which secondary identifiers a business has is its own, no fixture names one, and a business that accepts none conforms.',
  },
  {
    id: 'ASK-013',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §POST /ask`,
    statement:
      'The business validates ask request bodies against the ask schema: a body whose members have the wrong type (query not a string, conversation not an object or without its id, ids not an array of strings: a lone string, or numbers, context or signals not an object) is refused, never answered as if valid. How it refuses is not shown: an HTTP 4xx about the request (400, 422, …), or a business error (status error, or an error message).',
  },
  {
    id: 'ASK-014',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §POST /ask`,
    statement: 'The Idempotency-Key header is optional on ask: a request without it is served, not refused.',
  },
  {
    id: 'ASK-015',
    level: 'SHOULD',
    capability,
    source: `${D2} §POST /ask`,
    statement: 'A platform includes an Idempotency-Key on any ask request carrying a conversation.',
    untestable:
      'It binds the platform, not the business; the checker follows it on every ask it sends with a conversation.',
  },
  {
    id: 'ASK-016',
    level: 'MAY',
    capability,
    source: `${D2} §Ask`,
    statement:
      "After a conversation's expires_at its context may be discarded; the lifetime is the business's (not shown).",
    untestable: 'A run cannot wait out a conversation, and discarding it after expires_at is allowed, not required.',
  },
  {
    id: 'ASK-017',
    level: 'SHOULD',
    capability,
    source: `${D2} §Ask`,
    statement:
      "When a link in an answer refers to an addressable resource, the business puts the resource's global identifier in the link id. Whether a link refers to one is the business's to know; a run judges the case it can see: a link whose url names an identifier the run read carries that identifier as its id (none, or another such as a handle, is a warning). Named means anywhere in the url for the ids the question was grounded on, and as the url's last path segment or a query value for any other id the run read (of a product, variant or location answered, or sent in ids).",
  },
  {
    id: 'ASK-018',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D2} §Ask`,
    statement:
      'A link in an answer that refers to an addressable resource carries its global identifier in id (ASK-017): the checker reports a link, in an answer to a question grounded on identifiers, whose url names one of them but that carries no id.',
    retired:
      'Too weak: the case it reported, a link naming a grounding identifier without it as id, breaks the SHOULD of ASK-017, which now judges it (a warning); replaced by ASK-017.',
  },
  {
    id: 'ASK-019',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §POST /ask`,
    statement:
      'A question without conversation starts a new one (conversation: "omitted to start a new one"): two such questions whose answers each return a conversation return different conversation ids. A conversation is optional: answers without one show nothing.',
  },
];
