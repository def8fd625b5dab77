import { describe, expect, it } from 'vitest';
import type { PlatformProfiles } from '../../src/platform/profile-server.js';
import type { Exchange } from '../../src/report/exchange.js';
import { concludeUnconfiguredAuth, invalidated, judgeAuthentication } from '../../suites/requests/authentication.js';
import { concludeUnresolvedPlatform, judgePlatformProfiles } from '../../suites/requests/platform-profiles.js';
import type { Send } from '../../suites/requests/probe.js';
import { scripted, x, operation as op } from './scripted-business.js';

// The request probes about who asks (suites/requests/): credentials the config names, and the
// platform profiles the run hosts, against answers scripted here.

const control = x(200, { id: 'cart-1' });
type Extra = Parameters<Send>[0];

/** A send answering each request from `answer`, keeping what each changed. */
function sender(answer: (extra: Extra, n: number) => Exchange) {
  const sent: Extra[] = [];
  const send: Send = async (extra) => {
    sent.push(extra);
    return answer(extra, sent.length);
  };
  return { send, sent };
}

describe('the credential checks', () => {
  const AUTH = {
    headers: { Authorization: 'Bearer s3cret' },
    auth: { required_for: ['*'], forbidden_headers: { Authorization: 'Bearer other' }, forbidden_for: ['cart.get'] },
  };
  const verdicts = (s: ReturnType<typeof scripted>, name: string) =>
    ['credential-missing', 'credential-invalid', 'credential-forbidden'].map((c) => {
      const v = s.concluded.get(`requests.${name}.${c}`);
      return v && [v.kind, v.message];
    });

  it('are not-applicable unless the config says the operation needs a credential it holds', () => {
    for (const config of [
      {},
      { auth: { required_for: ['*'] } },
      { headers: AUTH.headers, auth: { required_for: ['x'] } },
    ]) {
      const s = scripted(() => control, { config });
      concludeUnconfiguredAuth(s.t, op('cart.get'));
      expect(verdicts(s, 'cart.get'), JSON.stringify(config)).toEqual(
        Array(3).fill([
          'not-applicable',
          'the config does not say this operation needs authentication (auth.required_for, and headers or a client certificate)',
        ]),
      );
    }
    // A client certificate is a credential too.
    const tls = scripted(() => control, {
      config: { auth: { required_for: ['cart.get'] } },
      more: { presentsCertificate: true },
    });
    concludeUnconfiguredAuth(tls.t, op('cart.get'));
    expect(verdicts(tls, 'cart.get')[0]).toBeUndefined();
  });

  it('leave forbidden not-applicable without a forbidden credential for the operation', () => {
    const FORBIDDEN =
      'the config names no credential that is not permitted here (auth.forbidden_headers, auth.forbidden_for)';
    const elsewhere = scripted(() => control, { config: AUTH });
    concludeUnconfiguredAuth(elsewhere.t, op('cart.update'));
    expect(verdicts(elsewhere, 'cart.update')).toEqual([undefined, undefined, ['not-applicable', FORBIDDEN]]);
    const none = scripted(() => control, { config: { ...AUTH, auth: { required_for: ['*'] } } });
    concludeUnconfiguredAuth(none.t, op('cart.get'));
    expect(verdicts(none, 'cart.get')[2]).toEqual(['not-applicable', FORBIDDEN]);
    // Without forbidden_for, the operations that need the credential.
    const required = scripted(() => control, {
      config: { ...AUTH, auth: { required_for: ['cart.update'], forbidden_headers: AUTH.auth.forbidden_headers } },
    });
    concludeUnconfiguredAuth(required.t, op('cart.update'));
    expect(verdicts(required, 'cart.update')).toEqual([undefined, undefined, undefined]);
  });

  it('hold 401 without the credential and with an invalid one, and 403 with one not permitted', async () => {
    const s = scripted(() => control, { config: AUTH });
    const { send, sent } = sender((_e, n) => x(n < 3 ? 401 : 403, {}));
    await judgeAuthentication(s.t, op('cart.get'), control, send);
    expect(sent).toEqual([
      { omit: ['credentials'] },
      { headers: { Authorization: 'Bearer proto-conformance-invalid-credential' } },
      { headers: { Authorization: 'Bearer other' } },
    ]);
    expect(verdicts(s, 'cart.get').map((v) => v?.[0])).toEqual(['held', 'held', 'held']);
    expect(s.concluded.get('requests.cart.get.credential-missing')).toMatchObject({
      expected: 'HTTP 401',
      exchanges: [control, expect.anything()],
    });
  });

  it('fail what is served, naming the credential and what it answered', async () => {
    const s = scripted(() => control, { config: AUTH });
    const { send } = sender(() => x(200, { id: 'cart-1' }));
    await judgeAuthentication(s.t, op('cart.get'), control, send);
    expect(verdicts(s, 'cart.get')).toEqual([
      ['broken', 'a request without Authorization answered HTTP 200: {"id":"cart-1"}'],
      ['broken', 'a request with Authorization replaced by invalid ones answered HTTP 200: {"id":"cart-1"}'],
      ['broken', 'a request with a credential that is not permitted here answered HTTP 200'],
    ]);
    expect(s.concluded.get('requests.cart.get.credential-forbidden')).toMatchObject({ expected: 'HTTP 403' });
    // A 403 where 401 is due, and a 401 where 403 is due, fail too.
    const swapped = scripted(() => control, { config: AUTH });
    await judgeAuthentication(swapped.t, op('cart.get'), control, sender((_e, n) => x(n < 3 ? 403 : 401, {})).send);
    expect(verdicts(swapped, 'cart.get').map((v) => v?.[0])).toEqual(['broken', 'broken', 'broken']);
  });

  it('stop where the checks were concluded before: nothing is sent for them', async () => {
    const s = scripted(() => control, { config: AUTH });
    concludeUnconfiguredAuth(s.t, op('cart.update'));
    const { send, sent } = sender(() => x(401, {}));
    await judgeAuthentication(s.t, op('cart.update'), control, send);
    expect(sent).toHaveLength(2);
    const open = scripted(() => control, { config: {} });
    concludeUnconfiguredAuth(open.t, op('cart.update'));
    const none = sender(() => x(401, {}));
    await judgeAuthentication(open.t, op('cart.update'), control, none.send);
    expect(none.sent).toEqual([]);
  });

  it('with a client certificate: left out, then untrusted; a refused handshake refuses too', async () => {
    const s = scripted(() => control, {
      config: { auth: { required_for: ['*'] } },
      more: { presentsCertificate: true },
    });
    concludeUnconfiguredAuth(s.t, op('cart.get'));
    const refusedHandshake = { ...x(undefined), transportError: { kind: 'network', message: 'EPROTO' } } as Exchange;
    const { send, sent } = sender((_e, n) => (n === 1 ? refusedHandshake : x(200, {})));
    await judgeAuthentication(s.t, op('cart.get'), control, send);
    expect(sent).toEqual([
      { omit: ['credentials'], clientCertificate: 'none' },
      { headers: {}, clientCertificate: 'untrusted' },
    ]);
    expect(s.concluded.get('requests.cart.get.credential-missing')).toMatchObject({
      kind: 'held',
      message: 'a request without the client certificate answered HTTP EPROTO: absent',
      expected: 'HTTP 401, or a refused TLS handshake',
    });
    expect(s.concluded.get('requests.cart.get.credential-invalid')?.kind).toBe('broken');
    // Without a certificate, a network error is no refusal.
    const plain = scripted(() => control, { config: AUTH });
    await judgeAuthentication(plain.t, op('cart.get'), control, sender(() => refusedHandshake).send);
    expect(plain.concluded.get('requests.cart.get.credential-missing')?.kind).toBe('broken');
  });

  it('replace the secret of a credential and keep its scheme', () => {
    expect(invalidated('Bearer abc')).toBe('Bearer proto-conformance-invalid-credential');
    expect(invalidated('abc')).toBe('proto-conformance-invalid-credential');
    expect(invalidated('Basic  abc')).toBe('Basic proto-conformance-invalid-credential');
    // A scheme comes first.
    expect(invalidated(' abc def')).toBe('proto-conformance-invalid-credential');
  });
});

describe('the platform profile checks', () => {
  const IDS = ['unreachable', 'malformed', 'unknown-key'].map((k) => `requests.cart.get.platform-profile-${k}`);
  /** The profiles this run hosts; `fetched` says which URLs the business fetched. */
  function platform(fetched: (url: string) => boolean): PlatformProfiles {
    return {
      url: 'http://127.0.0.1:9/.well-known/proto',
      urlFor: (kind, label) => `http://127.0.0.1:9/${kind}/${label}/.well-known/proto`,
      fetchesOf: (url) => (fetched(url) ? 1 : 0),
      fetched: () => ({}),
      close: async () => {},
    };
  }
  async function judge(profiles: PlatformProfiles | undefined, answer: (url: string, n: number) => Exchange) {
    const s = scripted(() => control, { more: { platform: profiles } });
    const { send, sent } = sender((extra, n) => {
      const header = extra.headers?.['Proto-Agent'] ?? '';
      return answer(/profile="([^"]+)"/.exec(header)?.[1] ?? '', n);
    });
    await judgePlatformProfiles(s.t, op('cart.get'), control, send);
    return { verdicts: IDS.map((id) => s.concluded.get(id)), sent };
  }

  it('are not-applicable without a hosted profile, or when the business never fetched it', async () => {
    const none = await judge(undefined, () => x(200, {}));
    expect(none.sent).toEqual([]);
    expect(none.verdicts.map((v) => v?.message)).toEqual(
      Array(3).fill(
        'the run hosts no platform profile the business can fetch: the target is not on this machine, or --agent-profile names one',
      ),
    );
    const unfetched = await judge(
      platform(() => false),
      () => x(200, {}),
    );
    expect(unfetched.verdicts[0]).toMatchObject({
      kind: 'not-applicable',
      message:
        'the business did not fetch the platform profile http://127.0.0.1:9/.well-known/proto that Proto-Agent names, so it does not resolve it and 422 and 424 cannot be provoked',
    });
    const s = scripted(() => control, { more: { platform: platform(() => true) } });
    expect(concludeUnresolvedPlatform(s.t, op('cart.get'))).toBe(false);
    expect(s.concluded.size).toBe(0);
  });

  it('hold 424 and 422, and the answer of the plain profile for unknown keys', async () => {
    const r = await judge(
      platform(() => true),
      (url) => (url.includes('/unreachable/') ? x(424, {}) : url.includes('/malformed/') ? x(422, {}) : x(200, {})),
    );
    expect(r.sent.map((e) => e.headers?.['Proto-Agent'])).toEqual([
      'profile="http://127.0.0.1:9/unreachable/cart.get/.well-known/proto"',
      'profile="http://127.0.0.1:9/malformed/cart.get/.well-known/proto"',
      'profile="http://127.0.0.1:9/unknown-key-type/cart.get/.well-known/proto"',
    ]);
    expect(r.verdicts.map((v) => v?.kind)).toEqual(['held', 'held', 'held']);
    expect(r.verdicts[0]).toMatchObject({
      expected: 'HTTP 424, or the request served',
      exchanges: [control, expect.anything()],
    });
    expect(r.verdicts[1]).toMatchObject({ expected: 'HTTP 422, or the request served' });
    expect(r.verdicts[2]).toMatchObject({ expected: 'HTTP 200, as with the plain profile' });
  });

  it('fail a refusal with another status, and unknown keys answered otherwise than the plain profile', async () => {
    const r = await judge(
      platform(() => true),
      (url) => (url.includes('/unreachable/') ? x(422, {}) : url.includes('/malformed/') ? x(500, {}) : x(400, {})),
    );
    expect(r.verdicts.map((v) => [v?.kind, v?.message])).toEqual([
      ['broken', 'a platform profile that answers 503 was refused with HTTP 422'],
      ['broken', 'a platform profile without a proto object was refused with HTTP 500'],
      [
        'broken',
        'a platform profile with keys of an unknown type and of an unknown curve, and unknown members gave HTTP 400',
      ],
    ]);
    // Served, but not as the plain profile was.
    const created = await judge(
      platform(() => true),
      () => x(201, {}),
    );
    expect(created.verdicts[2]?.kind).toBe('broken');
    const down = await judge(
      platform(() => true),
      () => ({ ...x(undefined), transportError: { message: 'ETIMEDOUT' } }) as Exchange,
    );
    expect(down.verdicts[0]).toMatchObject({
      kind: 'broken',
      message: 'a platform profile that answers 503 was refused with HTTP ETIMEDOUT',
    });
  });

  it('observe a request served anyway, once the broken profile was fetched', async () => {
    const r = await judge(
      platform(() => true),
      () => x(200, {}),
    );
    expect(r.verdicts[0]).toMatchObject({
      kind: 'observed',
      message:
        'a platform profile that answers 503 was fetched and the request served anyway (HTTP 200); Document 1 §Errors states 424 for this discovery failure but not that a business must refuse the request',
      actual: 'HTTP 200: {}',
    });
    expect(r.verdicts[0]?.exchanges).toEqual([control, expect.anything()]);
    expect(r.verdicts[1]?.kind).toBe('observed');
    const redirected = await judge(
      platform(() => true),
      (url) => (url.includes('/unknown') ? x(200, {}) : x(302, {})),
    );
    expect(redirected.verdicts[0]?.kind).toBe('observed');
  });

  it('are not-applicable one by one where the business did not fetch the broken profile', async () => {
    const good = 'http://127.0.0.1:9/.well-known/proto';
    const r = await judge(
      platform((url) => url === good || url.includes('/malformed/')),
      () => x(422, {}),
    );
    expect(r.verdicts.map((v) => v?.kind)).toEqual(['not-applicable', 'held', 'not-applicable']);
    expect(r.verdicts[0]?.message).toBe(
      'the business answered HTTP 422 without fetching http://127.0.0.1:9/unreachable/cart.get/.well-known/proto, so it never met a platform profile that answers 503',
    );
    expect(r.verdicts[2]?.message).toBe(
      'the business answered HTTP 422 without fetching http://127.0.0.1:9/unknown-key-type/cart.get/.well-known/proto, so it never met a platform profile with keys of an unknown type and of an unknown curve, and unknown members',
    );
  });
});
