/**
 * Reads the three documents of the spec into sentences and finds the normative ones: what the
 * completeness gate (test/unit/completeness.test.ts) holds against src/register/sentences.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './processes.js';

export const SPEC_DIR = join(ROOT, '../shared/spec');
const FILES: Record<1 | 2 | 3, string> = {
  1: '000_77e17b0f549ed0fd.txt',
  2: '001_fae8f59a8d5a39e0.txt',
  3: '002_daa464865b113733.txt',
};

/**
 * Why a sentence is normative; a sentence may be several. A `table-rule` states a rule without a
 * keyword, by where it stands: a row of a state table (a transition, and what it also does), a
 * limit's value, an endpoint a capability has, the cell of a Rule column.
 */
export type Kind = 'keyword' | 'required-row' | 'status' | 'code' | 'table-rule';

export interface Sentence {
  doc: 1 | 2 | 3;
  /** The heading it sits under, as the register cites it (`Public JWK`, `POST /catalog/search`). */
  heading: string;
  /** The sentence; a table row judged whole is its cells joined with ` | `. */
  text: string;
  /** Empty for a sentence that is not normative (one a register row may still cite). */
  kinds: Kind[];
  /** The keywords it holds, upper-cased. */
  keywords: string[];
}

/** MAY only in capitals (a lower-case "may" is prose); the others in any case ("Required with message signatures"). */
const KEYWORD = /\b(MAY)\b|\b(must not|must|should not|should|required|recommended)\b/gi;
/** An HTTP status the documents use, standing alone (`HTTP 200`, `(200)`, `returns 409`, `201;`). */
const STATUS = /(?<![\w.-])(200|201|400|401|403|409|422|424|429|500|503)(?![\w-])/;
/** A message code the text states: `code` `not_found`. */
const CODE =
  /\bcodes?\b[^.]*`[a-z_]+`|`(not_found|out_of_stock|item_unavailable|unauthorized|missing|quantity_adjusted|request_too_large|batch_limit_applied|inventory_exhausted)`/;

const clean = (s: string) =>
  s
    .replace(/^\s*(\d+\.|-)\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Stands in for the dot of an abbreviation while sentences are split. */
const GUARD = '\u2063';

/** Splits on sentence ends, keeping abbreviations such as `e.g.` whole. */
export function sentencesOf(text: string): string[] {
  const guarded = text.replace(/\b(e\.g|i\.e|etc)\./g, (m) => m.replace(/\./g, GUARD));
  return guarded
    .split(/(?<=[.])\s+(?=[A-Z`"(])/)
    .map((s) => clean(s.replaceAll(GUARD, '.')))
    .filter((s) => s.length > 0);
}

function headingOf(line: string): string | undefined {
  const h = /^#{2,4}\s+(.*)$/.exec(line);
  // A line holding only an endpoint (`POST /catalog/search`) heads what follows, as the register cites it.
  const endpoint = /^`((?:GET|POST|PUT) \/[^`]*)`$/.exec(line.trim());
  const raw = h?.[1] ?? endpoint?.[1];
  if (raw === undefined) return undefined;
  return raw
    .replace(/\s*\(.*$/, '')
    .replace(/`/g, '')
    .trim();
}

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

function judge(doc: 1 | 2 | 3, heading: string, text: string, extra: Kind[] = []): Sentence {
  const keywords = [...text.matchAll(KEYWORD)]
    .filter((m) => m[1] === undefined || m[1] === 'MAY')
    .map((m) => (m[1] ?? m[2]).toUpperCase());
  const kinds = new Set<Kind>(extra);
  if (keywords.length) kinds.add('keyword');
  if (STATUS.test(text)) kinds.add('status');
  if (CODE.test(text)) kinds.add('code');
  return { doc, heading, text, kinds: [...kinds], keywords: [...new Set(keywords)] };
}

/** Every sentence of one document, normative or not. */
export function readDocument(doc: 1 | 2 | 3, source = readFileSync(join(SPEC_DIR, FILES[doc]), 'utf8')): Sentence[] {
  const out: Sentence[] = [];
  let heading = '';
  let header: string[] | undefined;
  for (const line of source.split('\n')) {
    const h = headingOf(line);
    if (h !== undefined) {
      heading = h;
      header = undefined;
      // The heading itself is a sentence a register row may cite ("keyed by service identifier").
      out.push(judge(doc, heading, clean(line.replace(/^#+/, ''))));
      continue;
    }
    if (!line.trim().startsWith('|')) {
      header = undefined;
      for (const s of sentencesOf(line)) out.push(judge(doc, heading, s));
      continue;
    }
    const cells = cellsOf(line);
    if (cells.every((c) => /^-*$/.test(c))) continue;
    if (!header) {
      header = cells.map((c) => c.toLowerCase());
      continue;
    }
    const required = header.indexOf('required');
    const success = header.indexOf('success');
    // A row stating a status (an endpoint's success, an error status) is one sentence, judged whole.
    if (success >= 0 || header[0] === 'status') {
      out.push(judge(doc, heading, cells.join(' | '), ['status']));
      continue;
    }
    // A transition (from, trigger, condition, to) is one sentence; what it also does, sentences of their own.
    if (header[0] === 'from' && header.includes('to')) {
      const to = header.indexOf('to');
      out.push(judge(doc, heading, cells.slice(0, to + 1).join(' | '), ['table-rule']));
      for (const cell of cells.slice(to + 1))
        for (const s of sentencesOf(cell)) out.push(judge(doc, heading, s, ['table-rule']));
      continue;
    }
    // An endpoint a capability has is one sentence.
    if (header[0] === 'method' && header.includes('capability')) {
      out.push(judge(doc, heading, cells.join(' | '), ['table-rule']));
      continue;
    }
    // A row whose Required cell says yes (or names a condition) is one occurrence; its rule, sentences of its own.
    let rest = cells;
    let restHeader = header;
    if (required >= 0 && !/^(no|)$/i.test(cells[required])) {
      out.push(judge(doc, heading, cells.slice(0, required + 1).join(' | '), ['required-row']));
      rest = cells.slice(required + 1);
      restHeader = header.slice(required + 1);
    } else if (required >= 0) {
      rest = cells.slice(required + 1);
      restHeader = header.slice(required + 1);
    }
    // A limit's value and a Rule cell state rules; other cells (types, notes) describe.
    const limits = header[0] === 'limit';
    rest.forEach((cell, i) => {
      const rule = restHeader[i] === 'rule' || (limits && restHeader[i] === 'value');
      for (const s of sentencesOf(cell)) out.push(judge(doc, heading, s, rule ? ['table-rule'] : []));
    });
  }
  return out;
}

export const readSpec = (): Sentence[] => ([1, 2, 3] as const).flatMap((d) => readDocument(d));
