import { createHash, generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { thumbprint } from '../../src/protocol/jwk.js';
import {
  algorithmOf,
  contentDigestHeader,
  digestOf,
  inspectResponse,
  parseContentDigest,
  parseSignatures,
  signatureBase,
  signatureInputFor,
  signBase,
  signMessage,
  verifySignature,
} from '../../src/protocol/signatures.js';

// RFC 9421 Appendix B.1.4 and B.2.6: the Ed25519 test key and the signature over a request.
const ED25519_PUBLIC = { kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs' };
const ED25519_PRIVATE = { ...ED25519_PUBLIC, d: 'n4Ni-HpISpVObnQMW0wOhCKROaIKqKtW_2ZYb2p9KcU' };
const B26 = {
  input:
    'sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"',
  signature: 'sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:',
  message: {
    method: 'POST',
    authority: 'example.com',
    path: '/foo',
    headers: { date: 'Tue, 20 Apr 2021 02:07:55 GMT', 'content-type': 'application/json', 'content-length': '18' },
  },
  base: [
    '"date": Tue, 20 Apr 2021 02:07:55 GMT',
    '"@method": POST',
    '"@path": /foo',
    '"@authority": example.com',
    '"content-type": application/json',
    '"content-length": 18',
    '"@signature-params": ("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"',
  ].join('\n'),
};

// RFC 9421 Appendix B.1.3 and B.2.4: the P-256 test key and the signature over a response.
const P256_PUBLIC = {
  kty: 'EC',
  crv: 'P-256',
  x: 'qIVYZVLCrPZHGHjP17CTW0_-D9Lfw0EkjqF7xB4FivA',
  y: 'Mc4nN9LTDOBhfoUeg8Ye9WedFRhnZXZJA12Qp0zZ6F0',
};
const B24 = {
  input:
    'sig-b24=("@status" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-ecc-p256"',
  signature: 'sig-b24=:wNmSUAhwb5LxtOtOpNa6W5xj067m5hFrj0XQ4fvpaCLx0NKocgPquLgyahnzDnDAUy5eCdlYUEkLIj+32oiasw==:',
  body: '{"message": "good dog"}',
  digest: 'sha-512=:mEWXIS7MaLRuGgxOBdODa3xqM1XdEvxoYhvlCFJ41QJgJc4GTsPp29l5oGX69wWdXymyU0rjJuahq4l5aGgfLQ==:',
};

const one = (input: string, signature: string) => {
  const parsed = parseSignatures(input, signature);
  if (!Array.isArray(parsed)) throw new Error(parsed.problem);
  return parsed[0];
};

describe("RFC 9421 signatures, against the RFC's own vectors", () => {
  it('rebuilds the B.2.6 signature base and verifies its Ed25519 signature', () => {
    const sig = one(B26.input, B26.signature);
    const base = signatureBase(B26.message, sig.components, sig.paramsText);
    expect(base).toBe(B26.base);
    expect(verifySignature(base as string, sig.signature, ED25519_PUBLIC)).toBe('valid');
  });

  it('signs B.2.6 to the very bytes of the RFC (Ed25519 is deterministic)', () => {
    expect(signBase(B26.base, ED25519_PRIVATE).toString('base64')).toBe(
      one(B26.input, B26.signature).signature.toString('base64'),
    );
  });

  it('verifies the B.2.4 response signature, ECDSA P-256 as raw r‖s', () => {
    const sig = one(B24.input, B24.signature);
    const message = {
      status: 200,
      headers: { 'content-type': 'application/json', 'content-digest': B24.digest, 'content-length': '23' },
    };
    const base = signatureBase(message, sig.components, sig.paramsText) as string;
    expect(verifySignature(base, sig.signature, P256_PUBLIC)).toBe('valid');
    expect(verifySignature(base.replace('200', '201'), sig.signature, P256_PUBLIC)).toBe('invalid');
  });

  it('names the components a message cannot supply', () => {
    const sig = one(B24.input, B24.signature);
    expect(signatureBase({ status: 200, headers: {} }, sig.components, sig.paramsText)).toEqual({
      missing: ['content-type', 'content-digest', 'content-length'],
    });
  });

  it('says algorithm_unsupported for a key of an unknown type, curve or algorithm', () => {
    expect(verifySignature('x', Buffer.alloc(64), { kty: 'OKP', crv: 'X448', x: 'AA' })).toBe('algorithm_unsupported');
    expect(verifySignature('x', Buffer.alloc(64), { kty: 'PQC', alg: 'ML-DSA-65' })).toBe('algorithm_unsupported');
    expect(verifySignature('x', Buffer.alloc(64), { ...P256_PUBLIC, alg: 'ES384' })).toBe('algorithm_unsupported');
  });

  it('reports headers that are no dictionary', () => {
    expect(parseSignatures('sig1=(', 'sig1=:AA==:')).toHaveProperty('problem');
    expect(parseSignatures('sig1=("@status")', 'other=:AA==:')).toHaveProperty('problem');
  });

  it('says what makes Signature-Input or Signature unreadable (RFC 9421 §4.1, §4.2)', () => {
    const problem = (input: string, signature: string) =>
      (parseSignatures(input, signature) as { problem: string }).problem;
    expect(problem('sig1=(', 'sig1=:AA==:')).toMatch(
      /^Signature or Signature-Input is not an RFC 8941 dictionary \(.+\)$/,
    );
    expect(problem('sig1=("@status")', 'other=:AA==:')).toBe('Signature has no byte sequence for label sig1');
    // Each Signature-Input member is an inner list of component identifiers, each an sf-string.
    expect(problem('sig1=?1', 'sig1=:AA==:')).toBe('Signature-Input member sig1 is not an inner list');
    expect(problem('sig1=("@status" 1)', 'sig1=:AA==:')).toBe(
      'Signature-Input sig1 covers a component that is not a string',
    );
  });

  it('names the components a component parameter marks', () => {
    expect(one('sig1=("@status" "content-digest";sf "content-type");keyid="k"', 'sig1=:AA==:')).toMatchObject({
      components: ['@status', 'content-digest', 'content-type'],
      parameterised: ['content-digest'],
    });
  });

  it('trims a field value and takes combined values as recorded (RFC 9421 §2.1 example)', () => {
    const m = {
      headers: {
        'x-ows-header': '   Leading and trailing whitespace.   ',
        'cache-control': 'max-age=60, must-revalidate',
      },
    };
    expect(signatureBase(m, ['x-ows-header', 'cache-control'], '("x-ows-header" "cache-control")')).toBe(
      [
        '"x-ows-header": Leading and trailing whitespace.',
        '"cache-control": max-age=60, must-revalidate',
        '"@signature-params": ("x-ows-header" "cache-control")',
      ].join('\n'),
    );
  });

  it('has no @status for a request, nor request components for a response (RFC 9421 §2.2)', () => {
    expect(
      signatureBase({ method: 'GET', authority: 'example.com', path: '/', headers: {} }, ['@status', '@method'], '()'),
    ).toEqual({ missing: ['@status'] });
    expect(signatureBase({ status: 200, headers: {} }, ['@method', '@authority', '@path', '@status'], '()')).toEqual({
      missing: ['@method', '@authority', '@path'],
    });
  });

  it('verifies and signs ES384 (ECDSA P-384 over SHA-384, RFC 7518 §3.4)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    const base = '"@status": 200\n"@signature-params": ("@status");keyid="k384"';
    const signature = sign('sha384', Buffer.from(base), { key: privateKey, dsaEncoding: 'ieee-p1363' });
    const jwk = publicKey.export({ format: 'jwk' }) as Record<string, unknown>;
    expect(verifySignature(base, signature, jwk)).toBe('valid');
    expect(verifySignature(base, signature, { ...jwk, alg: 'ES384' })).toBe('valid');
    expect(verifySignature(`${base} `, signature, jwk)).toBe('invalid');
    // And signs ES384 as the RFC defines it.
    const signed = signBase(base, privateKey.export({ format: 'jwk' }) as Record<string, unknown>);
    expect(verify('sha384', Buffer.from(base), { key: publicKey, dsaEncoding: 'ieee-p1363' }, signed)).toBe(true);
  });

  it('leaves unjudged a signature whose key it cannot import, rather than failing it (Document 1 §Public JWK)', () => {
    expect(
      verifySignature(B26.base, one(B26.input, B26.signature).signature, { kty: 'OKP', crv: 'Ed25519', x: 'AA' }),
    ).toBe('algorithm_unsupported');
  });

  it('implies no algorithm from a crv that is not a string (RFC 7518 §6.2.1.1)', () => {
    expect(algorithmOf({ ...P256_PUBLIC })).toBe('ES256');
    expect(algorithmOf({ ...P256_PUBLIC, crv: ['P-256'] })).toBeUndefined();
  });
});

describe('what a response signature covers', () => {
  it('leaves unjudged a signature over a parameterised or unrebuilt component, rather than failing it', () => {
    const raw = Buffer.from(B24.body);
    const headers = { 'content-type': 'application/json', 'content-digest': B24.digest, 'content-length': '23' };
    const keys = [{ ...P256_PUBLIC, kid: 'test-key-ecc-p256' }];
    const judged = (input: string) => {
      const found = inspectResponse(
        200,
        { ...headers, 'signature-input': input, signature: B24.signature.replace('sig-b24', 'sig1') },
        raw,
        keys,
      ).signatures;
      return Array.isArray(found) ? found[0].result : found?.problem;
    };
    expect(judged(B24.input.replace('sig-b24', 'sig1'))).toBe('valid');
    expect(judged('sig1=("@status" "content-digest";sf);created=1618884473;keyid="test-key-ecc-p256"')).toBe(
      'component_unsupported',
    );
    expect(judged('sig1=("@status" "@query");created=1618884473;keyid="test-key-ecc-p256"')).toBe(
      'component_unsupported',
    );
    expect(judged('sig1=("@status" "x-absent");created=1618884473;keyid="test-key-ecc-p256"')).toBe('incomplete');
    expect(judged('sig1=("@status");created=1618884473;keyid="nobody"')).toBe('unknown_key');
  });

  it('says which components it does not rebuild, or the message lacks', () => {
    const keys = [{ ...P256_PUBLIC, kid: 'k' }];
    const found = (input: string) =>
      (
        inspectResponse(200, { 'signature-input': input, signature: 'sig1=:AA==:' }, Buffer.alloc(0), keys)
          .signatures as { detail?: string }[]
      )[0];
    expect(found('sig1=("@status" "content-digest";sf "@query");keyid="k"').detail).toBe(
      'covers content-digest, @query, which this tool does not rebuild',
    );
    expect(found('sig1=("@status" "x-one" "x-two");keyid="k"').detail).toBe(
      'covers x-one, x-two, which the message lacks',
    );
  });

  it('names no key for a signature without keyid, even beside a profile key without kid', () => {
    const found = inspectResponse(
      200,
      { 'signature-input': B24.input.replace(';keyid="test-key-ecc-p256"', ''), signature: B24.signature },
      Buffer.alloc(0),
      [P256_PUBLIC],
    );
    expect(found.signatures).toStrictEqual([
      {
        label: 'sig-b24',
        components: ['@status', 'content-type', 'content-digest', 'content-length'],
        result: 'unknown_key',
        detail: 'no keyid parameter',
      },
    ]);
  });

  it('reports a Signature without Signature-Input, the converse, and unreadable headers (RFC 9421 §4)', () => {
    const signatures = (headers: Record<string, string>) =>
      inspectResponse(200, headers, Buffer.alloc(0), []).signatures;
    expect(signatures({})).toBeUndefined();
    expect(signatures({ signature: B24.signature })).toEqual({ problem: 'Signature without Signature-Input' });
    expect(signatures({ 'signature-input': B24.input })).toEqual({ problem: 'Signature-Input without Signature' });
    expect(signatures({ 'signature-input': 'sig1=(', signature: B24.signature })).toEqual({
      problem: expect.stringMatching(/^Signature or Signature-Input is not an RFC 8941 dictionary/),
    });
  });
});

describe('signing as a business may', () => {
  it('signs under another label, with a P-521 key (ES512), covering a request component marked ;req', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-521' });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'k521' };
    const response = {
      status: 200,
      headers: { 'content-type': 'application/json' },
      request: { method: 'post', headers: {} },
    };
    const signed = signMessage(response, ['@status', 'content-type'], jwk, {
      label: 'sig3',
      requestComponents: ['@method'],
    });
    const parsed = parseSignatures(signed['Signature-Input'], signed.Signature);
    if (!Array.isArray(parsed)) throw new Error(parsed.problem);
    const [sig] = parsed;
    expect(sig).toMatchObject({
      label: 'sig3',
      components: ['@status', 'content-type', '@method'],
      parameterised: ['@method'],
    });
    const base = [
      '"@status": 200',
      '"content-type": application/json',
      '"@method";req: POST',
      `"@signature-params": ${sig.paramsText}`,
    ].join('\n');
    expect(signatureBase(response, ['@status', 'content-type'], sig.paramsText, ['@method'])).toBe(base);
    expect(verify('sha512', Buffer.from(base), { key: publicKey, dsaEncoding: 'ieee-p1363' }, sig.signature)).toBe(
      true,
    );
    // A checker does not verify ES512 (not well known to the protocol): it says so rather than failing it.
    expect(verifySignature(base, sig.signature, { ...publicKey.export({ format: 'jwk' }), kid: 'k521' })).toBe(
      'algorithm_unsupported',
    );
  });

  it('names a request component a response without its request cannot supply', () => {
    expect(signatureBase({ status: 200, headers: {} }, ['@status'], '()', ['@method'])).toEqual({
      missing: ['@method;req'],
    });
  });
});

describe('RFC 9530 Content-Digest', () => {
  it('matches the B.2.4 digest of the response body', () => {
    const parsed = parseContentDigest(B24.digest) as Map<string, Buffer>;
    expect(digestOf('sha-512', B24.body)?.equals(parsed.get('sha-512') as Buffer)).toBe(true);
  });

  it('writes sha-256 in the form the spec shows', () => {
    expect(contentDigestHeader('{}')).toBe('sha-256=:RBNvo1WzZ4oRRq0W9+hknpT7T8If536DEMBg9hyq/4o=:');
  });

  it('says what makes a Content-Digest unreadable', () => {
    expect(parseContentDigest('sha-256=:AA==')).toEqual({
      problem: expect.stringMatching(/^Content-Digest is not an RFC 8941 dictionary \(.+\)$/),
    });
    expect(parseContentDigest('sha-256=1')).toEqual({
      problem: 'Content-Digest member sha-256 is not a byte sequence',
    });
  });

  describe("a response's Content-Digest, judged against its body", () => {
    const b64 = (alg: string, bytes: string) => createHash(alg).update(bytes).digest('base64');
    const raw = '{"b": 1, "a": "x"}';
    const canonical = '{"a":"x","b":1}';
    const judged = (header: string, body = raw) =>
      inspectResponse(200, { 'content-digest': header }, Buffer.from(body), []).digest;

    it('is canonical over the RFC 8785 form (Document 1 §Authentication), raw over the bytes as sent only', () => {
      expect(judged(`sha-256=:${b64('sha256', canonical)}:`)).toEqual({
        header: `sha-256=:${b64('sha256', canonical)}:`,
        result: 'canonical',
      });
      expect(judged(`sha-256=:${b64('sha256', raw)}:`)?.result).toBe('raw');
      expect(judged(`sha-256=:${b64('sha256', raw.slice(1))}:`)?.result).toBe('neither');
    });

    it('is raw over a body that is no JSON, which has no canonical form', () => {
      expect(judged(`sha-256=:${b64('sha256', 'not json')}:`, 'not json')?.result).toBe('raw');
    });

    it('holds every digest it can compute to the body, and ignores an algorithm it lacks (RFC 9530 §2)', () => {
      const sha256 = `sha-256=:${b64('sha256', canonical)}:`;
      expect(judged(`${sha256}, md5=:${b64('md5', 'other')}:`)?.result).toBe('canonical');
      expect(judged(`${sha256}, sha-512=:${b64('sha512', 'other')}:`)?.result).toBe('neither');
    });

    it('is unsupported when it carries no algorithm this tool computes', () => {
      expect(judged(`md5=:${b64('md5', canonical)}:, unixsum=:AA==:`)).toEqual({
        header: `md5=:${b64('md5', canonical)}:, unixsum=:AA==:`,
        result: 'unsupported',
        detail: 'no algorithm this tool computes (md5, unixsum)',
      });
    });
  });
});

describe('RFC 7638 thumbprints', () => {
  it("gives the RFC's example key its thumbprint", () => {
    const n =
      '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw';
    expect(thumbprint({ kty: 'RSA', e: 'AQAB', n, alg: 'RS256', kid: '2011-04-29' })).toBe(
      'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs',
    );
  });

  it('is undefined for a key type it does not define', () => {
    expect(thumbprint({ kty: 'PQC', x: 'AA' })).toBeUndefined();
  });
});

describe('signatureInputFor', () => {
  // RFC 9421 §2.4: a component taken from the request carries the boolean parameter req (serialised bare).
  it('marks the request components with ;req, after the response components', () => {
    expect(signatureInputFor(['@status', 'content-digest'], { created: 1618884473, keyid: 'k1' }, ['@method'])).toBe(
      '("@status" "content-digest" "@method";req);created=1618884473;keyid="k1"',
    );
  });
});
