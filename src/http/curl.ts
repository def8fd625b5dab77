import type { Exchange } from '../report/exchange.js';
import { FRESH_UUID, headerParts, type Part, type ShellContext, word } from './shell.js';

/**
 * A shell command reproducing the request of a judged exchange, printing the status line (`-i`).
 * It sends a fresh Idempotency-Key and Request-Id, unless `replayedKeys` holds the key: a check
 * about replay cites the requests that share one, and each line must send it again.
 */
export function curlFor(
  exchange: Exchange,
  context: ShellContext = {},
  replayedKeys: ReadonlySet<string> = new Set(),
): string {
  const parts = [
    'curl',
    '-sS',
    '-i',
    ...(exchange.tlsMaxVersion ? ['--tls-max', '1.2'] : []),
    '-X',
    exchange.method,
    word([exchange.url]),
  ];
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    const lower = name.toLowerCase();
    const fresh = lower === 'request-id' || (lower === 'idempotency-key' && !replayedKeys.has(value));
    const valueParts: Part[] = fresh ? [{ shell: FRESH_UUID }] : headerParts(value, context);
    parts.push('-H', word([`${name}: `, ...valueParts]));
  }
  if (exchange.requestBody !== undefined) parts.push('--data-raw', word([exchange.requestBody]));
  return parts.join(' ');
}

/** The Idempotency-Keys that more than one of these exchanges sent: a replay, kept as sent. */
export function replayedKeys(exchanges: readonly Exchange[]): Set<string> {
  const seen = new Map<string, number>();
  for (const x of exchanges) {
    const key = Object.entries(x.requestHeaders).find(([n]) => n.toLowerCase() === 'idempotency-key')?.[1];
    if (key !== undefined) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, n]) => n > 1).map(([k]) => k));
}
