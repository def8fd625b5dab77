import { isObject, type Dialect } from '../../dialect/dialect.js';
import { isLoopback } from '../../protocol/loopback.js';
import type { Hooks } from './hooks.js';
import type { LayerHooks } from './layer-hooks.js';
import { transportError, type Reply } from './replies.js';

/** Well-known key types and the members they need; any other type is tolerated (Document 1 §Public JWK). */
const KNOWN_KTY: Record<string, string[]> = { EC: ['crv', 'x', 'y'], OKP: ['crv', 'x'] };
const FETCH_TIMEOUT_MS = 2000;

/**
 * Resolves the platform profile a request's Proto-Agent names, where the business resolves it
 * ('platform-profile.resolved'): 424 when the fetch fails, 422 when what comes back is no profile
 * (Document 1 §Errors). Only loopback URLs are fetched (the reference has no other network);
 * others are trusted as named. Successes are cached per URL. The platform-profile faults act at
 * 'platform-profile.refusal' and 'platform-profile.key-problem'.
 */
export class PlatformProfileResolver {
  private readonly cache = new Map<string, Record<string, unknown>>();

  constructor(
    private readonly dialect: Dialect,
    private readonly hooks: Hooks<LayerHooks>,
  ) {}

  async refusal(url: string): Promise<Reply | undefined> {
    if (!isLoopback(url) || this.cache.has(url)) return undefined;
    let document: unknown;
    try {
      const res = await fetch(url, {
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      document = await res.json();
    } catch (err) {
      return this.hooks.run(
        'platform-profile.refusal',
        transportError(
          424,
          'platform_profile_unavailable',
          `the platform profile ${url} could not be fetched (${(err as Error).message})`,
        ),
        { url, failure: 'unreachable' },
      );
    }
    const problem = this.problemOf(document);
    const refusal =
      problem &&
      this.hooks.run(
        'platform-profile.refusal',
        transportError(422, 'platform_profile_invalid', `the platform profile ${url} is malformed: ${problem}`),
        { url, failure: 'malformed' },
      );
    if (refusal) return refusal;
    this.cache.set(url, document as Record<string, unknown>);
    return undefined;
  }

  /** The keys a resolved platform profile publishes. */
  keysOf(url: string): Record<string, unknown>[] {
    const keys = this.cache.get(url)?.keys;
    return Array.isArray(keys) ? keys.filter(isObject) : [];
  }

  private problemOf(document: unknown): string | undefined {
    if (!isObject(document) || !isObject(document[this.dialect.envelopeKey]))
      return `no "${this.dialect.envelopeKey}" object`;
    const keys = document.keys;
    if (keys === undefined) return undefined;
    if (!Array.isArray(keys)) return 'keys is not an array';
    for (const key of keys) {
      if (!isObject(key) || typeof key.kid !== 'string' || typeof key.kty !== 'string') return 'a key lacks kid or kty';
      const needs = KNOWN_KTY[key.kty];
      const missing = needs?.filter((m) => typeof key[m] !== 'string') ?? [];
      const problem = this.hooks.run(
        'platform-profile.key-problem',
        missing.length ? `key ${key.kid} lacks ${missing.join(', ')}` : undefined,
        { key, known: needs !== undefined },
      );
      if (problem) return problem;
    }
    return undefined;
  }
}
