import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** The content codings the client decodes (RFC 9110 §8.4.1), and asks for in Accept-Encoding. */
const DECODERS: Record<string, (b: Buffer, max: number) => Buffer> = {
  gzip: (b, max) => gunzipSync(b, { maxOutputLength: max }),
  'x-gzip': (b, max) => gunzipSync(b, { maxOutputLength: max }),
  deflate: (b, max) => inflateSync(b, { maxOutputLength: max }),
  br: (b, max) => brotliDecompressSync(b, { maxOutputLength: max }),
};

export const ACCEPTED_CODINGS = 'gzip, deflate, br';

/**
 * A response body decoded from the codings its Content-Encoding lists (last applied first), within `max` bytes; the
 * bytes as received when it names none, or why they cannot be decoded.
 */
export function decodeContent(
  raw: Buffer,
  contentEncoding: string | undefined,
  max: number,
): { body: Buffer } | { problem: string; tooLarge?: boolean } {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  let body = raw;
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    if (!decode) return { problem: `Content-Encoding ${coding} is not one this tool decodes` };
    try {
      body = decode(body, max);
    } catch (err) {
      const e = err as { code?: string; message?: string };
      if (e.code === 'ERR_BUFFER_TOO_LARGE') return { problem: `decoded body exceeds ${max} bytes`, tooLarge: true };
      return { problem: `the ${coding} body cannot be decoded (${e.message ?? String(err)})` };
    }
  }
  return { body };
}
