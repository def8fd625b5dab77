import { describe, expect, it } from 'vitest';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { Exchange } from '../../src/report/exchange.js';
import { transportSuite } from '../../suites/transport/suite.js';
import { scripted, x } from './scripted-business.js';

// The TLS floor per origin, against scripted handshakes (a real TLS 1.2-only server is in the e2e tests).

const run = transportSuite.scenarios[0].run as (t: ScenarioContext<string>) => Promise<void>;
const services = (...endpoints: string[]) => new Map(endpoints.map((endpoint, i) => [`s${i}`, { endpoint }]));

async function probe(
  target: object,
  handshake: (origin: string) => { version?: string; error?: string; http?: string },
  capped: (url: string) => Exchange = () => ({ transportError: { message: 'refused' } }) as unknown as Exchange,
) {
  const handshakes: string[] = [];
  const cappedUrls: string[] = [];
  const s = scripted(() => x(200), {
    target,
    more: {
      negotiatedTls: async (origin: string) => {
        handshakes.push(origin);
        return handshake(origin);
      },
      getOverTls12: async (url: string) => {
        cappedUrls.push(url);
        return { ...capped(url), url };
      },
    },
  });
  await run(s.t);
  return { verdict: s.concluded.get('tls.minimum-version'), handshakes, cappedUrls };
}

describe('the TLS floor', () => {
  it('probes each https origin once, the profile first', async () => {
    const { verdict, handshakes, cappedUrls } = await probe(
      {
        url: 'https://shop.example/',
        profile: { url: 'https://profile.example/.well-known/proto' },
        services: services('https://api.example/v1', 'https://api.example/v2'),
      },
      () => ({ version: 'TLSv1.3' }),
    );
    expect(handshakes).toEqual(['https://profile.example', 'https://api.example']);
    expect(cappedUrls).toEqual(['https://profile.example/', 'https://api.example/']);
    expect(verdict).toEqual({
      kind: 'held',
      message:
        'negotiated https://profile.example: TLSv1.3; https://api.example: TLSv1.3; a handshake capped at TLS 1.2 was refused',
      exchanges: [],
    });
  });

  it('takes the target when no profile was read, and is not applicable over plain http on this machine alone', async () => {
    const https = await probe({ url: 'https://shop.example/x', services: services() }, () => ({ version: 'TLSv1.3' }));
    expect(https.handshakes).toEqual(['https://shop.example']);
    const lab = await probe(
      { url: 'http://127.0.0.1:8080/', services: services('http://localhost:9090/') },
      () => ({}),
    );
    expect(lab.handshakes).toEqual([]);
    expect(lab.verdict).toMatchObject({
      kind: 'not-applicable',
      message: expect.stringMatching(
        /^http:\/\/127\.0\.0\.1:8080, http:\/\/localhost:9090 is plain http on this machine/,
      ),
    });
  });

  it('fails plain http anywhere but this machine, and beside an https origin even there', async () => {
    const remote = await probe({ url: 'http://shop.example/', services: services('http://api.example/') }, () => ({}));
    expect(remote.handshakes).toEqual([]);
    expect(remote.verdict).toMatchObject({
      kind: 'broken',
      message: 'http://shop.example, http://api.example are plain http',
      expected: 'every origin HTTPS, TLS 1.3 negotiated, and a handshake capped at TLS 1.2 refused',
      actual: 'plain http at http://shop.example, http://api.example',
    });
    const mixed = await probe(
      { url: 'https://127.0.0.1:8443/', services: services('http://127.0.0.1:8080/', 'https://127.0.0.1:8443/') },
      () => ({ version: 'TLSv1.3', http: 'h2' }),
    );
    expect(mixed.handshakes).toEqual(['https://127.0.0.1:8443']);
    expect(mixed.verdict).toMatchObject({
      kind: 'broken',
      message: 'http://127.0.0.1:8080 is plain http',
      actual: 'plain http at http://127.0.0.1:8080; negotiated https://127.0.0.1:8443: TLSv1.3 (h2)',
    });
  });

  it('fails an origin that negotiates less than TLS 1.3, or has no handshake', async () => {
    const target = { url: 'https://a.example/', services: services('https://b.example/') };
    const old = await probe(target, (o) => (o.includes('b.') ? { version: 'TLSv1.2' } : { version: 'TLSv1.3' }));
    expect(old.verdict).toMatchObject({
      kind: 'broken',
      message: 'negotiated https://b.example: TLSv1.2',
      actual: 'negotiated https://a.example: TLSv1.3; https://b.example: TLSv1.2',
      exchanges: undefined,
    });
    const none = await probe(target, (o) => (o.includes('b.') ? { error: 'ECONNRESET' } : { version: 'TLSv1.3' }));
    expect(none.verdict?.message).toBe('negotiated https://b.example: no handshake (ECONNRESET)');
  });

  it('fails an origin that accepts a handshake capped at TLS 1.2, citing it', async () => {
    const target = { url: 'https://a.example/', services: services('https://b.example/') };
    const { verdict } = await probe(
      target,
      () => ({ version: 'TLSv1.3' }),
      (url) => (url.includes('b.') ? x(200, {}) : ({ transportError: { message: 'refused' } } as unknown as Exchange)),
    );
    expect(verdict).toMatchObject({
      kind: 'broken',
      message: 'a handshake capped at TLS 1.2 was accepted by https://b.example (HTTP 200)',
      expected: 'TLS 1.3 negotiated, and a handshake capped at TLS 1.2 refused',
      actual: 'negotiated https://a.example: TLSv1.3; https://b.example: TLSv1.3; TLS 1.2 accepted',
    });
    expect(verdict?.exchanges?.map((e) => e.url)).toEqual(['https://b.example/']);
  });
});
