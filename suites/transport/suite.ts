import type { ScenarioContext } from '../../src/engine/context.js';
import { scenario, type Suite } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/report/exchange.js';
import { isLoopback } from '../../src/protocol/loopback.js';
import { rateLimitScenario } from './rate-limit.js';

const CHECK = 'tls.minimum-version';

/** Every origin the run talks to: the profile's and each service endpoint's. */
function origins(t: ScenarioContext): string[] {
  const urls = [t.target.profile?.url ?? t.target.url, ...[...t.target.services.values()].map((b) => b.endpoint)];
  return [...new Set(urls.filter((u): u is string => !!u).map((u) => new URL(u).origin))];
}

/** TLS 1.3 as the floor (Document 1 §What the service does): probed per origin, with the version reported. */
export const transportSuite: Suite = {
  id: 'transport',
  title: 'Transport: HTTPS with TLS 1.3 at least',
  capability: 'transport',
  appliesWhen: 'always',
  scenarios: [
    scenario({
      id: 'tls.handshakes',
      title: 'A plain handshake, and one capped at TLS 1.2, with every origin of the business',
      effect: 'read',
      checks: [
        {
          id: CHECK,
          title: 'TLS 1.3 is negotiated, and a handshake capped at TLS 1.2 is refused',
          requirements: ['TLS-001'],
        },
      ],
      async run(t) {
        const all = origins(t);
        const secure = all.filter((o) => o.startsWith('https:'));
        const plain = all.filter((o) => !o.startsWith('https:'));
        // Plain http on this machine alone is a lab; beside an https origin, or anywhere else, it is no HTTPS.
        const insecure = secure.length ? plain : plain.filter((o) => !isLoopback(o));
        if (secure.length === 0 && insecure.length === 0) {
          return t.notApplicable(
            CHECK,
            `${plain.join(', ')} is plain http on this machine: not production-shaped, since the spec requires HTTPS with TLS 1.3; only an https target can show it`,
          );
        }
        const seen: string[] = [];
        const old: string[] = [];
        const accepted: Exchange[] = [];
        for (const origin of secure) {
          const plainHandshake = await t.negotiatedTls(origin);
          // The HTTP version it agreed by ALPN is said too: no version is fixed, and h2 alone is a choice.
          const said = `${origin}: ${plainHandshake.version ?? `no handshake (${plainHandshake.error})`}${plainHandshake.http ? ` (${plainHandshake.http})` : ''}`;
          seen.push(said);
          if (plainHandshake.version !== 'TLSv1.3') old.push(said);
          const capped = await t.getOverTls12(`${origin}/`);
          if (!capped.transportError) accepted.push(capped);
        }
        if (accepted.length === 0 && old.length === 0 && insecure.length === 0) {
          return t.pass(CHECK, `negotiated ${seen.join('; ')}; a handshake capped at TLS 1.2 was refused`, []);
        }
        const problems = [
          ...(insecure.length ? [`${insecure.join(', ')} ${insecure.length > 1 ? 'are' : 'is'} plain http`] : []),
          ...(accepted.length
            ? [
                `a handshake capped at TLS 1.2 was accepted by ${accepted.map((x) => new URL(x.url).origin).join(', ')} (HTTP ${accepted[0].status})`,
              ]
            : old.length
              ? [`negotiated ${old.join('; ')}`]
              : []),
        ];
        t.fail(CHECK, {
          message: problems.join('; '),
          expected: `${insecure.length ? 'every origin HTTPS, ' : ''}TLS 1.3 negotiated, and a handshake capped at TLS 1.2 refused`,
          actual: [
            ...(insecure.length ? [`plain http at ${insecure.join(', ')}`] : []),
            ...(seen.length ? [`negotiated ${seen.join('; ')}${accepted.length ? '; TLS 1.2 accepted' : ''}`] : []),
          ].join('; '),
          exchanges: accepted.length ? accepted : undefined,
        });
      },
    }),
    rateLimitScenario,
  ],
};
