import type { Reporter } from '../src/report/events.js';
import type { RunReport } from '../src/report/run-report.js';
import type { CheckResult, Summary } from '../src/report/types.js';
import type { Exchange } from '../src/report/exchange.js';
import { VERDICTS } from '../src/report/types.js';
import { reportFile } from './write-file.js';

/**
 * The run as pretty JSON, in the shape documented by `reports/report.schema.json`. Members are
 * copied one by one in the order the types declare them, so the key order is stable whatever
 * order the engine built its objects in. The exchange log is written once; checks cite its
 * entries by `seq`. Exchanges lose their parsed bodies (the text is kept).
 */
export function jsonReport(report: RunReport): string {
  return `${JSON.stringify(toJson(report), null, 2)}\n`;
}

/** Writes the JSON report to `file` when the run ends, atomically. */
export function jsonReporter(file: string): Reporter {
  return reportFile(file, jsonReport);
}

function toJson(report: RunReport): Record<string, unknown> {
  const target: Record<string, unknown> = { url: report.target.url };
  if (report.target.profileUrl !== undefined) target.profileUrl = report.target.profileUrl;
  target.services = { ...report.target.services };
  target.capabilities = [...report.target.capabilities];
  if (report.target.leftOut?.length) target.leftOut = [...report.target.leftOut];

  return {
    tool: { name: report.tool.name, version: report.tool.version },
    target,
    options: {
      allow: report.options.allow,
      ...(report.options.burst ? { burst: true } : {}),
      strict: report.options.strict,
      dialect: report.options.dialect,
      ...(report.options.insecure ? { insecure: true } : {}),
    },
    startedAt: report.startedAt,
    seed: report.seed,
    reportVersion: report.reportVersion,
    finishedAt: report.finishedAt,
    durationMs: report.durationMs,
    summary: summaryJson(report.summary),
    exitCode: report.exitCode,
    notices: [...report.notices],
    checks: report.checks.map(checkJson),
    exchanges: report.exchanges.map(exchangeJson),
    ...(report.stopped ? { stopped: { ...report.stopped } } : {}),
    resources: report.resources.map((r) => ({ ...r })),
    ...(report.handshakes ? { handshakes: report.handshakes.map((h) => ({ ...h })) } : {}),
    ...(report.platform ? { platform: { url: report.platform.url, fetched: { ...report.platform.fetched } } } : {}),
  };
}

function summaryJson(summary: Summary): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of VERDICTS) out[v] = summary[v];
  out.total = summary.total;
  return out;
}

function checkJson(check: CheckResult): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: check.id,
    title: check.title,
    suite: check.suite,
    scenario: check.scenario,
    capability: check.capability,
    requirements: [...check.requirements],
    level: check.level,
    effect: check.effect,
    verdict: check.verdict,
    message: check.message,
  };
  if (check.expected !== undefined) out.expected = check.expected;
  if (check.actual !== undefined) out.actual = check.actual;
  out.evidence = [...check.evidence];
  out.curl = [...check.curl];
  if (check.reproduction !== undefined) out.reproduction = check.reproduction;
  if (check.baselined !== undefined) out.baselined = check.baselined;
  if (check.provenBy?.length) out.provenBy = [...check.provenBy];
  out.durationMs = check.durationMs;
  return out;
}

function exchangeJson(x: Exchange): Record<string, unknown> {
  const out: Record<string, unknown> = { seq: x.seq, operation: x.operation };
  if (x.service !== undefined) out.service = x.service;
  if (x.scenario !== undefined) out.scenario = x.scenario;
  if (x.role !== undefined) out.role = x.role;
  if (x.notFoundProbe) out.notFoundProbe = true;
  if (x.tlsMaxVersion !== undefined) out.tlsMaxVersion = x.tlsMaxVersion;
  out.method = x.method;
  out.url = x.url;
  out.requestHeaders = { ...x.requestHeaders };
  if (x.requestBody !== undefined) out.requestBody = x.requestBody;
  if (x.status !== undefined) out.status = x.status;
  if (x.responseHeaders !== undefined) out.responseHeaders = { ...x.responseHeaders };
  if (x.responseBody !== undefined) out.responseBody = x.responseBody;
  if (x.responseSha256 !== undefined) out.responseSha256 = x.responseSha256;
  if (x.signatures !== undefined) out.signatures = x.signatures;
  if (x.contentDigest !== undefined) out.contentDigest = x.contentDigest;
  out.startedAt = x.startedAt;
  out.durationMs = x.durationMs;
  if (x.retried !== undefined) out.retried = x.retried.map((a) => ({ ...a }));
  if (x.transportError !== undefined) {
    out.transportError = { kind: x.transportError.kind, message: x.transportError.message };
  }
  return out;
}
