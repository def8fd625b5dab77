import { parseJson } from '../src/protocol/json-text.js';
import { curlFor, replayedKeys } from '../src/http/curl.js';
import type { ShellContext } from '../src/http/shell.js';
import type { Redactor } from '../src/http/redact.js';
import { reproductionScript } from '../src/http/reproduce.js';
import type { Exchange } from '../src/report/exchange.js';
import type { Reporter, RunEvent } from '../src/report/events.js';
import type { RunReport, RunStopped, TargetInfo } from '../src/report/run-report.js';
import type { CheckResult } from '../src/report/types.js';

/** Verdicts whose results carry curl lines and a replay script. */
const FAILING = new Set(['fail', 'warn', 'error']);

/**
 * Redaction where output is written, and only there: the run judges what the business sent, and
 * every result and report handed to a reporter (or returned to a library caller) has its secrets
 * taken out, with the curl lines and replay scripts written from the redacted exchanges.
 */
export class OutputRedaction {
  /** How many exchanges of the log the redactor has learned secrets from. */
  private learned = 0;
  private readonly reports = new WeakMap<RunReport, RunReport>();

  /** What curl lines and replay scripts need: variables for the credentials and the run's own profile. */
  private readonly shell: ShellContext;

  constructor(
    private readonly redactor: Redactor,
    /** The platform profile URL the run hosted for itself, if it did. */
    hostedProfile?: string,
  ) {
    this.shell = { secretIn: (v) => redactor.secretIn(v), ...(hostedProfile ? { hostedProfile } : {}) };
  }

  /**
   * Learns the secrets the log carries so far (credential headers, tokens in bodies), before any
   * text is redacted: a secret is hidden even where it turns up first. The credentials under the
   * names the config sets are its own, known from the start.
   */
  private learn(log: readonly Exchange[]): void {
    const r = this.redactor;
    for (; this.learned < log.length; this.learned++) {
      const x = log[this.learned];
      // Credentials under a name the config does not set (a cookie) are learned where they are sent.
      r.headers(x.requestHeaders, true);
      if (x.requestBody !== undefined) r.learnFromJson(x.requestBody);
      if (x.responseHeaders) r.headers(x.responseHeaders);
      if (x.responseBody !== undefined) r.learnFromJson(x.responseBody);
    }
  }

  /** Text for output. */
  text(s: string): string {
    return this.redactor.text(s);
  }

  /** An exchange of a log whose secrets were learned (`learn`), for output. */
  private exchange(x: Exchange): Exchange {
    const r = this.redactor;
    const requestBody = x.requestBody === undefined ? undefined : r.hide(x.requestBody);
    const responseBody = x.responseBody === undefined ? undefined : r.hide(x.responseBody);
    return {
      ...x,
      url: r.hide(x.url),
      requestHeaders: r.headers(x.requestHeaders, true),
      requestBody,
      responseHeaders: x.responseHeaders && r.headers(x.responseHeaders),
      responseBody,
      // A body with nothing hidden in it is the same JSON: not parsed again.
      json: x.json === undefined || responseBody === x.responseBody ? x.json : parseJson(responseBody),
      sentJson: x.sentJson === undefined || requestBody === x.requestBody ? x.sentJson : parseJson(requestBody),
      ...(x.transportError
        ? { transportError: { ...x.transportError, message: r.hide(x.transportError.message) } }
        : {}),
    };
  }

  /**
   * A result for output: its texts redacted, and for a failing one, curl lines and a replay script.
   * Those are written from the requests as sent, so they send what the check sent (an invalid
   * credential as it was), with variables for the configured credentials and the run's own
   * profile, and then redacted as every output is.
   */
  result(c: CheckResult, log: readonly Exchange[]): CheckResult {
    this.learn(log);
    const at = (seq: number) => log[seq - 1];
    const failing = FAILING.has(c.verdict);
    const cited = c.evidence.map(at);
    const replayed = replayedKeys(cited);
    const { chain, ...rest } = c;
    const script = failing && chain && chain.length > 1 && reproductionScript(c.id, chain.map(at), cited, this.shell);
    return {
      ...rest,
      title: this.text(c.title),
      message: this.text(c.message),
      ...(c.expected !== undefined ? { expected: this.text(c.expected) } : {}),
      ...(c.actual !== undefined ? { actual: this.text(c.actual) } : {}),
      curl: failing ? cited.map((x) => this.text(curlFor(x, this.shell, replayed))) : [],
      ...(script ? { reproduction: this.text(script) } : {}),
    };
  }

  /** A log for output: the secrets of all of it learned first, then every exchange redacted. */
  log(log: readonly Exchange[]): Exchange[] {
    this.learn(log);
    return log.map((x) => this.exchange(x));
  }

  /**
   * The whole report for output: every exchange, result, notice and name redacted (once per
   * report). Results streamed earlier are redacted again here, with every secret the whole log
   * taught, so the files never hold a secret that turned up only after a result was streamed.
   */
  report(report: RunReport): RunReport {
    const done = this.reports.get(report);
    if (done) return done;
    this.learn(report.exchanges);
    const out: RunReport = {
      ...report,
      target: this.target(report.target),
      notices: report.notices.map((n) => this.text(n)),
      checks: report.checks.map((c) => this.result(c, report.exchanges)),
      exchanges: this.log(report.exchanges),
      ...(report.stopped ? { stopped: this.stopped(report.stopped) } : {}),
    };
    this.reports.set(report, out);
    return out;
  }

  /** An event for output: every text in it redacted, results with their curl lines and replay scripts. */
  event(event: RunEvent, log: readonly Exchange[]): RunEvent {
    switch (event.type) {
      case 'run-started':
        return {
          ...event,
          run: { ...event.run, target: this.target(event.run.target) },
        };
      case 'notice':
        return { ...event, message: this.text(event.message) };
      case 'exchange-recorded': {
        this.learn(log);
        // Redacted when read, once: most reporters read few of them (the console, those a failure cites).
        const raw = event.exchange;
        let out: Exchange | undefined;
        const redact = (x: Exchange) => this.exchange(x);
        return {
          type: 'exchange-recorded',
          seq: event.seq,
          get exchange() {
            out ??= redact(raw);
            return out;
          },
        };
      }
      case 'scenario-finished':
        return { ...event, results: event.results.map((r) => this.result(r, log)) };
      case 'check-concluded':
        return { ...event, result: this.result(event.result, log) };
      case 'interrupted':
        return { ...event, stopped: this.stopped(event.stopped) };
      case 'run-finished':
        return { ...event, report: this.report(event.report) };
      case 'scenario-started':
        return event;
    }
  }

  /** Who was checked: the URL the user gave may carry a password (`https://user:pw@…`), and every URL after it. */
  private target(target: TargetInfo): TargetInfo {
    return {
      ...target,
      url: this.text(target.url),
      ...(target.profileUrl !== undefined ? { profileUrl: this.text(target.profileUrl) } : {}),
      services: Object.fromEntries(Object.entries(target.services).map(([name, url]) => [name, this.text(url)])),
    };
  }

  private stopped(stopped: RunStopped): RunStopped {
    return { ...stopped, message: this.text(stopped.message) };
  }

  /** One reporter handing the reporters only output: every event redacted on its way to them. */
  reporter(reporters: readonly Reporter[], log: () => readonly Exchange[]): Reporter {
    return {
      on: (event) => {
        const out = this.event(event, log());
        // Only the end of a run is waited for (files written); every other event is delivered at once, in order.
        const pending = reporters.map((r) => r.on(out)).filter((p) => p instanceof Promise);
        return pending.length ? Promise.all(pending).then(() => undefined) : undefined;
      },
    };
  }
}
