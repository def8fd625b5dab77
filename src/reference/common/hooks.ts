/** The hook points of the common module: where a business could choose differently or break. */
import type { Hook } from '../shared/hooks.js';
import type { LocationDataHooks, SeedLocation } from './locations-data.js';
import type { Point } from '../../protocol/geo.js';
import type { Reply, ReplyMessage } from '../shared/replies.js';

type Json = Record<string, unknown>;

/** Which location operation is answering. */
export type LocationOperation = 'search' | 'lookup';

/** What a request asks of the locations, read once: only what the platform supplied. */
export interface Criteria {
  distance?: { center: Point; max: number };
  serves?: { point?: Point; address?: Json };
  amenities?: string[];
  items?: string[];
  openAt?: Date;
  /** The country a context names, which only the context faults act on. */
  contextCountry?: string;
  /** The distance.max sent, where a clamp put the supported radius in its place. */
  clampedFrom?: number;
}

/** The criteria of a request, or the reply refusing it. */
export type Read = { criteria: Criteria } | { reply: Reply };

/** How the criteria are read from a request's members. */
export type ReadCriteria = (body: Json) => Read;

/** What a distance the business cannot honour comes to: the distance applied instead (or none), or a reply. */
export type Unhonoured = Pick<Criteria, 'distance' | 'clampedFrom'> | { reply: Reply };

/** How a location is matched: a test for each criterion supplied, by name, and how their results combine. */
export interface Match {
  tests: Record<string, (l: SeedLocation) => boolean>;
  combine: (results: boolean[]) => boolean;
}

/** How a search pages: the largest page, where the cursor travels, how it is written and read, the next offset. */
export interface Paging {
  size: number;
  /** The cursor a request carries. */
  sent: (body: Json) => unknown;
  encode: (offset: number) => unknown;
  /** The offset a cursor sent leads to (0 with none); undefined for one the business never issued. */
  decode: (sent: unknown) => number | undefined;
  next: (offset: number, listed: number) => number;
}

/** Where handling a request may stop short, and what is known there. */
export type Stage =
  /** Before the request is read. */
  | { at: 'route'; op: LocationOperation }
  /** The request in hand (a lookup's ids well formed). */
  | { at: 'request'; op: LocationOperation; body: Json }
  /** A search without query, its criteria read. */
  | { at: 'no-query'; op: 'search' }
  /** A search's pagination, before its page is cut. */
  | { at: 'page'; op: 'search'; pagination: Json }
  /** A lookup of more distinct identifiers than its batch maximum. */
  | { at: 'batch'; op: 'lookup'; max: number }
  /** A lookup with identifiers that resolve to nothing. */
  | { at: 'unknown'; op: 'lookup'; unknown: string[] };

/** A location a lookup found, with the identifiers that found it. */
export interface LookupEntry {
  location: SeedLocation;
  inputs: string[];
}

/** The locations an identifier that is no location's id resolves to. */
export type ResolveAlias = (id: string, criteria: Criteria) => SeedLocation[];

/** How the identifiers processed, each resolved, become the lookup's locations, by key (Document 2: merged). */
export type Merge = (processed: string[], resolved: Map<string, SeedLocation[]>) => Map<string, LookupEntry>;

/** Which of the locations found a lookup answers, under its criteria. */
export type LookupFilter = (found: LookupEntry[], criteria: Criteria) => LookupEntry[];

export interface LocationHooks extends LocationDataHooks {
  /** A reply in place of the answer (a refusal, or an answer of nothing) at a stage of handling; none goes on. */
  'location.refusal': Hook<Reply | undefined, Stage>;
  /** How a request's distance, serves and filters are read (Document 2: only what the platform supplied). */
  'location.read': Hook<ReadCriteria, { op: LocationOperation }>;
  /** The radius honoured: a distance.max up to `supported` meters (named when one is rejected), or any. */
  'location.radius': Hook<{ supported: number; unlimited: boolean }>;
  /** What a distance.max the business cannot honour comes to (Document 2: rejected, not clamped). */
  'location.unhonoured': Hook<Unhonoured, { center: Point; max: number; supported: number; tooFar: boolean }>;
  /** The rejection of a distance the business cannot honour: a business error. */
  'location.distance-rejection': Hook<Reply, { op: LocationOperation; content: string; status: 400 | 422 }>;
  /** How a location is matched against the criteria (Document 2: every supplied one, AND). */
  'location.match': Hook<Match, { criteria: Criteria }>;
  /** Locations added to an answer whether they match, or an identifier asked for them: none. */
  'location.added': Hook<SeedLocation[], { op: LocationOperation; body: Json }>;
  /** The locations a search lists, in order, for its page at an offset; `query` is the words of its query. */
  'location.matches': Hook<
    SeedLocation[],
    { criteria: Criteria; offset: number; fits: (l: SeedLocation) => boolean; query: string[] }
  >;
  /** How a search pages. */
  'location.paging': Hook<Paging>;
  /** A search's page size: pagination.limit up to the largest page; `fallback` without a limit. */
  'location.limit': Hook<number, { fallback: number; size: number }>;
  /** A search answer's paging members; `cursor` is the next page's. */
  'location.pagination': Hook<Json, { more: boolean; cursor: unknown }>;
  /** A search answer. */
  'location.search-json': Hook<Json, { page: SeedLocation[]; criteria: Criteria }>;
  /** The HTTP status of a search answer. */
  'location.status': Hook<number, { op: LocationOperation }>;
  /** The locations an identifier that is no location's id resolves to (aliases MAY be supported). */
  'location.aliases': Hook<ResolveAlias>;
  /** How a lookup merges what its identifiers resolve to; `sent` is the ids as sent, repeats too. */
  'location.merge': Hook<Merge, { sent: string[] }>;
  /** Which of the locations found a lookup answers (Document 2: those meeting its criteria). */
  'location.lookup-filter': Hook<LookupFilter>;
  /** A lookup answer's messages (batch_limit_applied, not_found); `sent` is the ids as sent. */
  'location.lookup-messages': Hook<ReplyMessage[], { sent: string[] }>;
  /** A looked-up location's inputs; `own` is its id, `sent` the ids as sent. */
  'location.inputs': Hook<unknown[], { entries: LookupEntry[]; index: number; own: string; sent: string[] }>;
  /** A location's amenities map. */
  'location.amenities': Hook<Record<string, Json>>;
  /** A location's time zone. */
  'location.timezone': Hook<string | undefined, { location: SeedLocation; criteria: Criteria }>;
  /** A location as answered. */
  'location.json': Hook<Json, { location: SeedLocation; criteria: Criteria; op: LocationOperation }>;
  /** The location capabilities the profile advertises. */
  'location.capabilities': Hook<string[]>;
}

/** What is wrong with an ask body against the ask schema, if anything. */
export type AskBodyCheck = (body: Record<string, unknown>) => string | undefined;

/** Where an ask can be refused, and what is known there. */
export type AskStep =
  /** The body breaks the ask schema. */
  | { step: 'schema'; problem: string }
  /** The question is grounded on ids. */
  | { step: 'grounding' }
  /** The question continues a live conversation. */
  | { step: 'follow-up' }
  /** The conversation id sent leads to none. */
  | { step: 'unknown-conversation'; sent: string }
  /** None of the business's rules addresses the question. */
  | { step: 'unaddressed' };

/**
 * What the hook points see of an answer (the engine's EngineAnswer, whose subjects they do not
 * need): whether a rule addressed the question, its markdown, and the links it points at, their
 * paths relative to the business's base URL.
 */
export interface AskAnswer {
  addressed: boolean;
  markdown: string;
  links: readonly { type: string; path: string; title: string; id?: string }[];
}

export interface AskHooks {
  /** How an ask body is checked against the ask schema (Document 2 §POST /ask rule 1). */
  'ask.body-check': Hook<AskBodyCheck>;
  /** The refusal of a question at a step: at `schema` an HTTP 400 naming the problem, at the others none. */
  'ask.refusal': Hook<Reply | undefined, AskStep>;
  /** The note on a grounding id: none on one the business resolves (the answer is about it), else an info not_found. */
  'ask.grounding-note': Hook<ReplyMessage | undefined, { id: string; found: boolean }>;
  /** Whether a question continues the live conversation its id leads to (rule 3); if not, a new one starts. */
  'ask.continues': Hook<boolean>;
  /** The note that a conversation id sent leads to none, so the answer starts a new one; none notes nothing. */
  'ask.unknown-conversation-note': Hook<ReplyMessage | undefined>;
  /**
   * The notes about the conversation an answer belongs to: the unknown-id note, when there is one. `sent` is the id
   * the question sent, `started` whether the answer starts a conversation, `id` the conversation's own.
   */
  'ask.conversation-notes': Hook<ReplyMessage[], { sent?: string; started: boolean; id: string }>;
  /** The id an answer hands out for its conversation: the conversation's own; `issue` gives a new one leading to it. */
  'ask.handle': Hook<string, { issue: () => string; started: boolean }>;
  /** The answer's plain text. */
  'ask.plain': Hook<string, { answer: AskAnswer }>;
  /** The answer, a Description: its plain text. */
  'ask.answer': Hook<Record<string, string>, { answer: AskAnswer }>;
  /** The messages about the answer: its disclosure (a warning), if it has one. */
  'ask.answer-messages': Hook<ReplyMessage[], { answer: AskAnswer }>;
  /** The links an answer carries: none. `grounded`: the question named what it is about by ids. */
  'ask.links': Hook<Record<string, unknown>[], { answer: AskAnswer; base: string; grounded: boolean }>;
  /** The id of the conversation returned: the id handed out; none leaves the member out. */
  'ask.conversation-id': Hook<string | number | undefined>;
  /** The expires_at of the conversation returned, RFC 3339; none leaves the member out. */
  'ask.expires-at': Hook<string | undefined>;
  /**
   * The conversation member of an answer; none leaves it out. `handle` is the id handed out, `sent` the one the
   * question sent, `id` the conversation's own (the first handed out).
   */
  'ask.conversation-json': Hook<
    Record<string, unknown> | string | undefined,
    { handle: string; sent?: string; id: string }
  >;
  /** The HTTP status of an answer. */
  'ask.status': Hook<number>;
}

/** Every hook point of the common module. */
export type CommonHooks = LocationHooks & AskHooks;
