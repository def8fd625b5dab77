import type { ScenarioContext } from '../../src/engine/context.js';
import type { Exchange } from '../../src/report/exchange.js';
import type { Operation } from '../../src/protocol/operations.js';
import { answer, covers, type RequestCheck, type Send } from './probe.js';

/**
 * 401 without the credential or with an invalid one, and 403 with one not permitted, for the
 * operations the config says need authentication (the business's policy is its own: Document 1
 * §Authentication); the control request carried the real credential and was served.
 */
export async function judgeAuthentication(
  t: ScenarioContext<RequestCheck>,
  op: Operation,
  control: Exchange,
  send: Send,
): Promise<void> {
  const p = `requests.${op.name}` as const;
  const auth = t.config.auth;
  const credentials = t.config.headers ?? {};
  if (t.concluded(`${p}.credential-missing`)) return;
  // With mutual TLS the client certificate is a credential too: left out, or replaced by one no business trusts.
  const certificate = t.presentsCertificate;
  const named = [...Object.keys(credentials), ...(certificate ? ['the client certificate'] : [])].join(', ');
  // A business may refuse a bad certificate at the handshake instead of with a 401.
  const refused = (x: Exchange) => x.status === 401 || (certificate && x.transportError?.kind === 'network');
  const expected = certificate ? 'HTTP 401, or a refused TLS handshake' : 'HTTP 401';
  const missing = await send({ omit: ['credentials'], ...(certificate ? { clientCertificate: 'none' as const } : {}) });
  t.check(`${p}.credential-missing`, refused(missing), {
    message: `a request without ${named} answered ${answer(missing)}`,
    expected,
    actual: answer(missing),
    exchanges: [control, missing],
  });
  const invalid = await send({
    headers: Object.fromEntries(Object.entries(credentials).map(([name, value]) => [name, invalidated(value)])),
    ...(certificate ? { clientCertificate: 'untrusted' as const } : {}),
  });
  t.check(`${p}.credential-invalid`, refused(invalid), {
    message: `a request with ${named} replaced by invalid ones answered ${answer(invalid)}`,
    expected,
    actual: answer(invalid),
    exchanges: [control, invalid],
  });
  const forbidden = auth?.forbidden_headers as Record<string, string>;
  if (t.concluded(`${p}.credential-forbidden`)) return;
  const notPermitted = await send({ headers: forbidden });
  t.check(`${p}.credential-forbidden`, notPermitted.status === 403, {
    message: `a request with a credential that is not permitted here answered HTTP ${notPermitted.status}`,
    expected: 'HTTP 403',
    actual: answer(notPermitted),
    exchanges: [control, notPermitted],
  });
}

/**
 * The authentication checks that do not apply to this business as the config describes it:
 * open operations are its choice (Document 1 §Authentication), so there is nothing to refuse.
 */
export function concludeUnconfiguredAuth(t: ScenarioContext<RequestCheck>, op: Operation): void {
  const p = `requests.${op.name}` as const;
  const auth = t.config.auth;
  const hasCredentials = Object.keys(t.config.headers ?? {}).length > 0 || t.presentsCertificate;
  if (!covers(auth?.required_for, op) || !hasCredentials) {
    const why =
      'the config does not say this operation needs authentication (auth.required_for, and headers or a client certificate)';
    for (const c of ['credential-missing', 'credential-invalid', 'credential-forbidden'] as const)
      t.notApplicable(`${p}.${c}`, why);
  } else if (!auth?.forbidden_headers || !covers(auth.forbidden_for ?? auth.required_for, op)) {
    t.notApplicable(
      `${p}.credential-forbidden`,
      'the config names no credential that is not permitted here (auth.forbidden_headers, auth.forbidden_for)',
    );
  }
}

/** A credential of the same form that no business issued: the scheme kept, the secret replaced. */
export function invalidated(value: string): string {
  const scheme = /^(\S+ )/.exec(value)?.[1] ?? '';
  return `${scheme}proto-conformance-invalid-credential`;
}
