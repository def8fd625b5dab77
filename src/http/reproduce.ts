import { isObject } from '../dialect/dialect.js';
import type { Exchange } from '../report/exchange.js';
import { REDACTED } from './redact.js';
import { headerParts, type Part, PROFILE_VARIABLE, type ShellContext, word } from './shell.js';

/**
 * A shell script replaying the chain of requests that led to a verdict. Values the business
 * issued (ids, cursors) are read from its earlier responses with jq and threaded into the later
 * requests, so the replay acts on the resources it creates itself, not on ones a clean-up has
 * since cancelled. The judged requests run with `-i`, so their status line shows.
 */
export function reproductionScript(
  checkId: string,
  chain: Exchange[],
  judged: Exchange[],
  context: ShellContext = {},
): string {
  const judgedSeqs = new Set(judged.map((x) => x.seq));
  const issued = issuedValues(chain);
  const secretHeaders = new Set<string>();
  // One variable per Idempotency-Key the run sent: fresh each replay, shared where the run reused
  // it (a replay, a conflict), so the script asks what the run asked.
  const keys = new Map<string, string>();
  const lines: string[] = [];
  const needed = new Set<number>();
  // Which responses later requests read from.
  for (const v of issued) if (chain.some((x, j) => j > v.from && usesValue(x, v.value))) needed.add(v.from);

  chain.forEach((x, i) => {
    const n = i + 1;
    const known = issued.filter((v) => v.from < i);
    const args: string[] = ['curl', '-sS'];
    if (judgedSeqs.has(x.seq)) args.push('-i');
    args.push('-X', x.method, word(splice(x.url, known, 'url')));
    for (const [name, value] of Object.entries(x.requestHeaders)) {
      if (name.toLowerCase() === 'idempotency-key' && !keys.has(value)) {
        keys.set(value, `k${keys.size + 1}`);
        lines.push(`${keys.get(value)}=$(key)`);
      }
      args.push('-H', headerWord(name, value, known, keys, context, secretHeaders));
    }
    if (x.requestBody !== undefined) args.push('--data-raw', word(splice(x.requestBody, known, 'json')));
    const judgedHere = judgedSeqs.has(x.seq);
    lines.push(`# ${n}. ${x.operation}${judgedHere ? ' (judged)' : ''}`);
    if (judgedHere || needed.has(i)) {
      lines.push(`r${n}=$(${args.join(' ')})`);
      if (judgedHere) lines.push(`printf '%s\\n\\n' "$r${n}"`);
    } else {
      lines.push(`${args.join(' ')} -o /dev/null`);
    }
    for (const v of issued.filter((v) => v.from === i && isUsedLater(chain, i, v.value))) {
      const read = judgedHere ? `printf '%s' "$r${n}" | body` : `printf '%s' "$r${n}"`;
      lines.push(`${v.name}=$(${read} | jq -r ${word([v.path])})`);
      lines.push(`${v.name}_json=$(${read} | jq -c ${word([v.path])})`);
      lines.push(`${v.name}_uri=$(printf '%s' "$${v.name}" | jq -sRr @uri)`);
    }
  });

  const head = [
    '#!/bin/sh',
    `# Reproduces ${checkId}: the ${chain.length} requests of its scenario that led to the verdict, in order.`,
    '# Needs curl and jq. Lines with -i are the judged ones. Every run sends fresh Idempotency-Key and',
    '# Request-Id values (the same key where the run sent one twice), and reads the ids the business',
    '# issues from its own responses.',
  ];
  if (secretHeaders.size > 0)
    head.push(`# Set ${[...secretHeaders].sort().join(', ')} first: the credentials are not written here.`);
  if (
    context.hostedProfile &&
    chain.some((x) => Object.values(x.requestHeaders).some((v) => v.includes(context.hostedProfile!)))
  )
    head.push(
      `# The run's own platform profile is gone: a business that fetches it needs ${PROFILE_VARIABLE} set to one it can fetch.`,
    );
  if (chain.some((x) => x.requestBody?.includes(REDACTED)))
    head.push(`# Replace ${REDACTED} in the bodies with the secret it stands for.`);
  return `${[
    ...head,
    'set -eu',
    "key() { od -An -tx1 -N16 /dev/urandom | tr -d ' \\n' | sed 's/^\\(.\\{8\\}\\)\\(.\\{4\\}\\)\\(.\\{4\\}\\)\\(.\\{4\\}\\)/\\1-\\2-\\3-\\4-/'; }",
    "body() { sed '1,/^\\r*$/d'; }",
    ...lines,
  ].join('\n')}\n`;
}

interface Issued {
  value: string;
  /** Index in the chain of the response that issued it. */
  from: number;
  /** jq path into that response body. */
  path: string;
  /** Shell variable holding it. */
  name: string;
}

/** Keys whose string values a business issues and a platform sends back. */
const ISSUED_KEY = /^(id|.*_id|cursor)$/;
/** Shorter values occur by chance too easily to be threaded. */
const MIN_VALUE = 4;

/** Values the business issued in the chain's responses that no earlier request carried. */
function issuedValues(chain: Exchange[]): Issued[] {
  const found: Issued[] = [];
  const seen = new Set<string>();
  chain.forEach((x, i) => {
    const earlier = chain
      .slice(0, i + 1)
      .map((e) => `${e.url}\n${e.requestBody ?? ''}`)
      .join('\n');
    walk(x.json, '', (value, path) => {
      if (value.length < MIN_VALUE || seen.has(value) || value.includes(REDACTED)) return;
      if (earlier.includes(value) || earlier.includes(encodeURIComponent(value))) return;
      seen.add(value);
      found.push({ value, from: i, path: path || '.', name: `v${found.length + 1}` });
    });
  });
  // Longest first, so a value inside another is never replaced in it.
  return found.sort((a, b) => b.value.length - a.value.length);
}

function walk(node: unknown, path: string, visit: (value: string, path: string) => void): void {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) walk(n, `${path}[${i}]`, visit);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    const here = `${path}[${JSON.stringify(key)}]`;
    if (typeof value === 'string' && ISSUED_KEY.test(key)) visit(value, here.replace(/^\[/, '.['));
    else walk(value, here, visit);
  }
}

const usesValue = (x: Exchange, value: string) =>
  x.url.includes(encodeURIComponent(value)) || (x.requestBody ?? '').includes(JSON.stringify(value));

const isUsedLater = (chain: Exchange[], i: number, value: string) =>
  chain.slice(i + 1).some((x) => usesValue(x, value));

/** Splits text around the issued values it holds: in a URL as URI-encoded, in a body as JSON strings. */
function splice(text: string, issued: Issued[], kind: 'url' | 'json'): Part[] {
  let parts: Part[] = [text];
  for (const v of issued) {
    const needle = kind === 'url' ? encodeURIComponent(v.value) : JSON.stringify(v.value);
    const variable = kind === 'url' ? `${v.name}_uri` : `${v.name}_json`;
    parts = parts.flatMap((p) => {
      if (typeof p !== 'string' || !p.includes(needle)) return [p];
      const pieces = p.split(needle);
      return pieces.flatMap((piece, k) => (k === 0 ? [piece] : [{ shell: `$${variable}` }, piece]));
    });
  }
  return parts;
}

function headerWord(
  name: string,
  value: string,
  issued: Issued[],
  keys: ReadonlyMap<string, string>,
  context: ShellContext,
  variables: Set<string>,
): string {
  const lower = name.toLowerCase();
  if (lower === 'request-id') return `"${name}: $(key)"`;
  if (lower === 'idempotency-key') return `"${name}: $${keys.get(value)}"`;
  const parts = headerParts(value, context).flatMap((p) => (typeof p === 'string' ? splice(p, issued, 'url') : [p]));
  for (const p of parts)
    if (typeof p !== 'string') for (const m of p.shell.matchAll(/\$\{(\w+):\?/g)) variables.add(m[1]);
  return word([`${name}: `, ...parts]);
}
