import { createHash } from 'node:crypto';
import { jsonReport } from '../../reports/json.js';
import { REDACTED } from '../http/redact.js';
import type { RecordedExchange } from '../http/transcript.js';
import type { RunConfig } from '../config/config.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import type { RunReport } from '../report/run-report.js';
import type { CheckResult } from '../report/types.js';

/** `--record FILE`: the run's JSON report (redacted, as every output) and what a regrade needs besides. */
export interface RunRecord {
  recordVersion: 1;
  /** The specification version the checker that recorded it implements. */
  specVersion: string;
  /** SHA-256 of the profile the run read, as recorded: a regrade judges that profile. */
  profileSha256?: string;
  /** The run's config, its credentials and tokens redacted: the fixtures the scenarios asked with. */
  config: RunConfig;
  tool: { name: string; version: string };
  target: RunReport['target'];
  options: RunReport['options'];
  finishedAt: string;
  /** The recorded run's seed: a regrade makes up the same ids. */
  seed: string;
  checks: Pick<CheckResult, 'id' | 'verdict'>[];
  exchanges: RecordedExchange[];
  /** The TLS handshakes the run made outside its log. */
  handshakes?: RunReport['handshakes'];
  /** The platform profiles the run hosted, and what the business fetched of them. */
  platform?: RunReport['platform'];
}

/** The record of a finished run. */
export function recordOf(report: RunReport, config: RunConfig): string {
  const profile = report.exchanges.find((x) => x.operation === 'profile' && x.status === 200);
  const record = {
    recordVersion: 1,
    specVersion: PROTOCOL_VERSION,
    ...(profile?.responseBody !== undefined
      ? { profileSha256: createHash('sha256').update(profile.responseBody).digest('hex') }
      : {}),
    config: withoutCredentials(config),
    ...JSON.parse(jsonReport(report)),
  };
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** The config less every value that authenticates or pays: a regrade never sends them anyway. */
function withoutCredentials(config: RunConfig): RunConfig {
  const hide = (h: Record<string, string> | undefined) =>
    h && Object.fromEntries(Object.keys(h).map((name) => [name, REDACTED]));
  return {
    ...config,
    ...(config.headers ? { headers: hide(config.headers) } : {}),
    ...(config.secrets ? { secrets: [] } : {}),
    ...(config.second_platform
      ? { second_platform: { ...config.second_platform, headers: hide(config.second_platform.headers) } }
      : {}),
    ...(config.auth?.forbidden_headers
      ? { auth: { ...config.auth, forbidden_headers: hide(config.auth.forbidden_headers) } }
      : {}),
    ...(config.payment
      ? {
          payment: {
            ...config.payment,
            ...(config.payment.token ? { token: REDACTED } : {}),
            ...(config.payment.in_progress_token ? { in_progress_token: REDACTED } : {}),
          },
        }
      : {}),
  };
}
