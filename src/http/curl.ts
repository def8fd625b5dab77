import type { Exchange } from '../report/exchange.js';

/** A shell command reproducing the request of an exchange (already redacted). */
export function curlFor(exchange: Exchange): string {
  const parts = [
    'curl',
    '-sS',
    ...(exchange.tlsMaxVersion ? ['--tls-max', '1.2'] : []),
    '-X',
    exchange.method,
    quote(exchange.url),
  ];
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    parts.push('-H', quote(`${name}: ${value}`));
  }
  if (exchange.requestBody !== undefined) parts.push('--data-raw', quote(exchange.requestBody));
  return parts.join(' ');
}

function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
