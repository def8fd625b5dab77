import type { Reporter } from '../src/report/events.js';
import type { RunReport } from '../src/report/run-report.js';
import type { CheckResult, Verdict } from '../src/report/types.js';
import { VERDICTS } from '../src/report/types.js';
import type { Exchange } from '../src/report/exchange.js';
import { findRequirement } from '../src/register/index.js';
import { citedExchanges, groupByCapability, levelScores } from './common.js';
import { reportFile } from './write-file.js';
import { createHash } from 'node:crypto';
import { PROTOCOL_VERSION } from '../src/protocol/version.js';
import { parseJson } from '../src/protocol/json-text.js';

/** Longest body (in characters) shown per <pre>; the JSON report keeps the whole text. */
export const HTML_BODY_LIMIT = 20 * 1024;

/** Fixed CSS class per verdict, so no data ever reaches a class attribute. */
const VERDICT_CLASS: Record<Verdict, string> = {
  pass: 'v-pass',
  fail: 'v-fail',
  warn: 'v-warn',
  info: 'v-info',
  'not-applicable': 'v-na',
  'not-tested': 'v-nt',
  blocked: 'v-blocked',
  error: 'v-error',
};

/**
 * The run as one self-contained HTML page: no external asset, and a Content Security Policy that
 * allows its one inline script by hash and nothing else. Everything that comes from the run (and
 * so possibly from a hostile target: bodies, headers, URLs, messages) is HTML-escaped; the script
 * reads only data attributes the page itself wrote.
 */
export function htmlReport(report: RunReport): string {
  const groups = groupByCapability(report.checks);
  const title = `${report.tool.name} report: ${report.target.url}`;
  const failing = report.checks.filter((c) => FAILING.has(c.verdict));
  const parts: string[] = [];
  parts.push(
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src '${SCRIPT_HASH}'">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<header>',
    banner(report),
    `<h1>Conformance report <span class="target">${esc(report.target.url)}</span></h1>`,
    runFacts(report),
    '</header>',
    '<main>',
    summarySection(report, groups),
    matrixSection(groups),
    filterBar(groups),
  );
  if (failing.length > 0) {
    parts.push(
      '<section class="failing" id="to-look-at">',
      `<h2>To look at (${failing.length})</h2>`,
      checkTable(failing.map((c) => checkRow(report, c))),
      '</section>',
    );
  }
  let index = 0;
  for (const [capability, checks] of groups) {
    index += 1;
    parts.push(capabilitySection(report, capability, checks, index));
  }
  parts.push('</main>', `<script>${SCRIPT}</script>`, '</body>', '</html>');
  return `${parts.join('\n')}\n`;
}

/** Verdicts that need a reader: shown first. */
const FAILING: ReadonlySet<Verdict> = new Set<Verdict>(['fail', 'warn', 'error']);

/** Passed or failed, as the exit code says, with what was checked, by what, against which spec. */
function banner(report: RunReport): string {
  const passed = report.exitCode === 0;
  const word = passed ? 'PASSED' : report.exitCode === 1 ? 'FAILED' : 'NOT JUDGED';
  return (
    `<p class="banner ${passed ? 'v-pass' : 'v-fail'}" id="banner"><strong>${word}</strong> · exit code ${report.exitCode}` +
    ` · ${esc(report.target.url)} · ${esc(`${report.tool.name} ${report.tool.version}`)} · spec ${esc(PROTOCOL_VERSION)}</p>`
  );
}

/** Capabilities by verdicts: how many checks of each; the counts a filter starts from. */
function matrixSection(groups: Map<string, CheckResult[]>): string {
  const head = VERDICTS.map((v) => `<th scope="col"><span class="badge ${VERDICT_CLASS[v]}">${esc(v)}</span></th>`);
  const rows = [...groups].map(([capability, checks]) => {
    const cells = VERDICTS.map((v) => {
      const n = checks.filter((c) => c.verdict === v).length;
      return `<td class="num" data-capability="${esc(capability)}" data-verdict="${esc(v)}">${n}</td>`;
    });
    return `<tr><th scope="row">${esc(capability)}</th>${cells.join('')}</tr>`;
  });
  return [
    '<section class="matrix">',
    '<h2>Capabilities by verdict</h2>',
    `<table id="matrix"><thead><tr><th>capability</th>${head.join('')}</tr></thead>`,
    `<tbody>${rows.join('')}</tbody></table>`,
    '</section>',
  ].join('\n');
}

/** Filters over every check row: by verdict, capability and level, and a search of their text. */
function filterBar(groups: Map<string, CheckResult[]>): string {
  const options = (values: readonly string[]) =>
    ['<option value="">all</option>', ...values.map((v) => `<option value="${esc(v)}">${esc(v)}</option>`)].join('');
  return [
    '<form class="filters" id="filters" role="search">',
    `<label>Verdict <select id="f-verdict">${options(VERDICTS)}</select></label>`,
    `<label>Capability <select id="f-capability">${options([...groups.keys()])}</select></label>`,
    `<label>Level <select id="f-level">${options(['MUST', 'SHOULD', 'MAY'])}</select></label>`,
    '<label>Search <input type="search" id="f-search" placeholder="check, requirement, message"></label>',
    '</form>',
  ].join('\n');
}

function checkTable(rows: string[]): string {
  return [
    '<table class="checks">',
    '<thead><tr><th>Verdict</th><th>Check</th><th>Level</th><th>Result</th></tr></thead>',
    `<tbody>\n${rows.join('\n')}\n</tbody>`,
    '</table>',
  ].join('\n');
}

/**
 * The page's one script: the filters hide the check rows that do not match; a copy button puts
 * the command before it on the clipboard. It reads only what the page wrote in data attributes.
 */
const SCRIPT = `(() => {
  const rows = [...document.querySelectorAll('tr.check')];
  const value = (id) => document.getElementById(id).value;
  const apply = () => {
    const [verdict, capability, level] = ['f-verdict', 'f-capability', 'f-level'].map(value);
    const query = value('f-search').trim().toLowerCase();
    for (const row of rows) {
      const d = row.dataset;
      row.hidden = !((!verdict || d.verdict === verdict) && (!capability || d.capability === capability) &&
        (!level || d.level === level) && (!query || row.textContent.toLowerCase().includes(query)));
    }
  };
  for (const id of ['f-verdict', 'f-capability', 'f-level', 'f-search'])
    document.getElementById(id).addEventListener('input', apply);
  document.addEventListener('click', (event) => {
    const button = event.target.closest('button.copy');
    if (!button) return;
    const text = button.parentElement.querySelector('pre').textContent;
    const done = (word) => { button.textContent = word; };
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(() => done('Copied'), () => done('Select to copy'));
    else done('Select to copy');
  });
})();`;

const SCRIPT_HASH = `sha256-${createHash('sha256').update(SCRIPT).digest('base64')}`;

/** Writes the HTML page to `file` when the run ends, atomically. */
export function htmlReporter(file: string): Reporter {
  return reportFile(file, htmlReport);
}

function runFacts(report: RunReport): string {
  const facts: [string, string][] = [['Target', report.target.url]];
  if (report.target.profileUrl !== undefined) facts.push(['Profile', report.target.profileUrl]);
  facts.push(
    ['Tool', `${report.tool.name} ${report.tool.version}`],
    ['Dialect', report.options.dialect],
    ['Allowed effects', report.options.allow],
    ['Strict', report.options.strict ? 'yes' : 'no'],
    ['Started', report.startedAt],
    ['Finished', report.finishedAt],
    ['Duration', `${formatMs(report.durationMs)}`],
    ['Exit code', String(report.exitCode)],
    ...report.notices.map((n): [string, string] => ['Notice', n]),
  );
  const rows = facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('');
  return `<dl class="facts">${rows}</dl>`;
}

function summarySection(report: RunReport, groups: Map<string, CheckResult[]>): string {
  const s = report.summary;
  const countCells = VERDICTS.map(
    (v) => `<tr><td><span class="badge ${VERDICT_CLASS[v]}">${esc(v)}</span></td><td class="num">${s[v]}</td></tr>`,
  ).join('');

  const levelRows = levelScores(report)
    .map(
      ({ level, passed, missed, figure }) =>
        `<tr><th scope="row">${esc(level)}</th><td class="num">${passed}</td>` +
        `<td class="num">${missed}</td><td class="num"><strong>${esc(figure)}</strong></td></tr>`,
    )
    .join('');

  let index = 0;
  const nav = [...groups].map(([capability, checks]) => {
    index += 1;
    const bad = checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error').length;
    const note = bad > 0 ? ` <span class="badge v-fail">${bad} failed or errored</span>` : '';
    return `<li><a href="#cap-${index}">${esc(capability)}</a> (${checks.length})${note}</li>`;
  });

  return [
    '<section class="summary">',
    '<h2>Summary</h2>',
    '<div class="cols">',
    '<table class="counts"><caption>Checks per verdict</caption><tbody>',
    countCells,
    `<tr class="total"><td>total</td><td class="num">${s.total}</td></tr>`,
    '</tbody></table>',
    '<table class="levels"><caption>Compatibility per level: passed / (passed + failed or warned)</caption>',
    '<thead><tr><th>Level</th><th>Passed</th><th>Failed or warned</th><th>Compatibility</th></tr></thead>',
    `<tbody>${levelRows}</tbody></table>`,
    '</div>',
    nav.length > 0 ? `<nav><h3>Capabilities</h3><ul>${nav.join('')}</ul></nav>` : '<p>No checks ran.</p>',
    '</section>',
  ].join('\n');
}

function capabilitySection(report: RunReport, capability: string, checks: CheckResult[], index: number): string {
  return [
    `<section class="capability" id="cap-${index}">`,
    `<h2>${esc(capability)}</h2>`,
    checkTable(checks.map((c) => checkRow(report, c))),
    '</section>',
  ].join('\n');
}

function checkRow(report: RunReport, check: CheckResult): string {
  const cls = VERDICT_CLASS[check.verdict];
  const known =
    check.baselined !== undefined ? `<div class="message">known failure (baseline): ${esc(check.baselined)}</div>` : '';
  const message =
    (check.message !== '' ? `<div class="message">${esc(check.message)}</div>` : '') + known + proof(check);
  const more = check.verdict === 'pass' ? '' : checkDetails(report, check);
  return (
    `<tr class="check ${cls}" data-verdict="${esc(check.verdict)}" data-capability="${esc(check.capability)}" data-level="${esc(check.level)}">` +
    `<td><span class="badge ${cls}">${esc(check.verdict)}</span></td>` +
    `<td><code>${esc(check.id)}</code> ${esc(check.title)}</td>` +
    `<td>${esc(check.level)}</td>` +
    `<td>${message}${more}</td>` +
    '</tr>'
  );
}

/** How many faults a row names; the JSON report lists them all. */
const PROOF_SHOWN = 3;

/** The faults that prove the check can fail: what no pass can show by itself. */
function proof(check: CheckResult): string {
  const faults = check.provenBy ?? [];
  if (faults.length === 0) return '';
  const named = faults.slice(0, PROOF_SHOWN).map((f) => `<code>${esc(f)}</code>`);
  const more = faults.length > PROOF_SHOWN ? ` and ${faults.length - PROOF_SHOWN} more` : '';
  return `<div class="proof">proven by the faults ${named.join(', ')}${more}</div>`;
}

function checkDetails(report: RunReport, check: CheckResult): string {
  const parts: string[] = ['<details>', '<summary>Details</summary>'];
  parts.push(
    `<p class="meta">suite <code>${esc(check.suite)}</code> · scenario <code>${esc(check.scenario)}</code>` +
      ` · effect ${esc(check.effect)} · ${esc(formatMs(check.durationMs))}</p>`,
  );
  if (check.requirements.length > 0) {
    const items = check.requirements.map((id) => {
      const req = findRequirement(id);
      if (!req) return `<li><code>${esc(id)}</code></li>`;
      return (
        `<li><code>${esc(req.id)}</code> <strong>${esc(req.level)}</strong> ${esc(req.statement)}` +
        ` <cite>(${esc(req.source)})</cite></li>`
      );
    });
    parts.push('<h4>Requirements</h4>', `<ul class="reqs">${items.join('')}</ul>`);
  }
  if (check.expected !== undefined) parts.push('<h4>Expected</h4>', pre(check.expected));
  if (check.actual !== undefined) parts.push('<h4>Actual</h4>', pre(check.actual));
  if (check.curl.length > 0) {
    parts.push('<h4>Reproduce</h4>', ...check.curl.map((c) => copyable(pre(c, 'curl'))));
  }
  if (check.reproduction !== undefined) {
    parts.push('<h4>Reproduce the whole chain</h4>', copyable(pre(check.reproduction, 'curl')));
  }
  const cited = citedExchanges(report, check);
  if (cited.length > 0) {
    parts.push('<h4>Evidence</h4>', ...cited.map(exchangeBlock));
  }
  parts.push('</details>');
  return parts.join('\n');
}

function exchangeBlock(x: Exchange): string {
  const status = x.status !== undefined ? String(x.status) : x.transportError ? x.transportError.kind : 'no response';
  const parts: string[] = [
    '<div class="exchange">',
    `<p class="line"><span class="seq">#${esc(String(x.seq))}</span> <code>${esc(x.operation)}</code>` +
      (x.service !== undefined ? ` <span class="service">${esc(x.service)}</span>` : '') +
      ` <strong>${esc(x.method)}</strong> <span class="url">${esc(x.url)}</span>` +
      ` → <strong>${esc(status)}</strong> <span class="time">${esc(formatMs(x.durationMs))}, ${esc(x.startedAt)}</span></p>`,
  ];
  for (const a of x.retried ?? []) {
    const asked = a.retryAfter !== undefined ? ` (Retry-After: ${esc(a.retryAfter)})` : '';
    parts.push(
      `<p class="transport">retried: ${a.timedOut ? 'timed out' : `HTTP ${a.status}`}${asked} at ${esc(a.startedAt)}, waited ${esc(formatMs(a.waitedMs))}</p>`,
    );
  }
  if (x.transportError) {
    parts.push(`<p class="transport">${esc(x.transportError.kind)}: ${esc(x.transportError.message)}</p>`);
  }
  parts.push('<h5>Request headers</h5>', pre(headerText(x.requestHeaders)));
  if (x.requestBody !== undefined) parts.push('<h5>Request body</h5>', pre(pretty(x.requestBody)));
  if (x.responseHeaders !== undefined) {
    parts.push('<h5>Response headers</h5>', pre(headerText(x.responseHeaders)));
  }
  if (x.responseBody !== undefined) parts.push('<h5>Response body</h5>', pre(pretty(x.responseBody)));
  parts.push('</div>');
  return parts.join('\n');
}

/** A JSON body indented for reading; any other body as it came. */
function pretty(body: string): string {
  const json = parseJson(body);
  return json === undefined ? body : JSON.stringify(json, null, 2);
}

/** A command block with a button copying it. */
const copyable = (block: string) =>
  `<div class="command">${block}<button type="button" class="copy">Copy</button></div>`;

function headerText(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/** A <pre> block holding at most HTML_BODY_LIMIT characters of `text`, escaped. */
function pre(text: string, cls?: string): string {
  let shown = text;
  let note = '';
  if (text.length > HTML_BODY_LIMIT) {
    let cut = HTML_BODY_LIMIT;
    // Do not split a surrogate pair.
    const last = text.charCodeAt(cut - 1);
    if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
    shown = text.slice(0, cut);
    note = `<p class="truncated">Truncated: ${text.length - cut} more characters not shown (the JSON report has them all).</p>`;
  }
  const attr = cls !== undefined ? ` class="${esc(cls)}"` : '';
  return `<pre${attr}>${esc(shown)}</pre>${note}`;
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values alike. */
function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const STYLE = `
.banner { font-size: 1.2rem; padding: .6rem 1rem; border-radius: 6px; color: #fff; margin: 0 0 1rem; }
.banner.v-pass { background: var(--pass); } .banner.v-fail { background: var(--fail); }
.filters { display: flex; flex-wrap: wrap; gap: 1rem; margin: 1rem 0; padding: .6rem; border: 1px solid var(--line); border-radius: 6px; }
#matrix td, #matrix th { padding: .2rem .5rem; }
.command { position: relative; }
.command button.copy { position: absolute; top: .3rem; right: .3rem; font-size: .8rem; }
tr[hidden] { display: none; }
:root { color-scheme: light dark; --fg: #1d1f21; --bg: #fff; --muted: #666; --line: #ddd; --code: #f5f5f5;
  --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --info: #0969da; --skip: #6e7781; --blocked: #8250df; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e6e6; --bg: #16181a; --muted: #9a9a9a; --line: #333;
  --code: #222528; --pass: #3fb950; --fail: #f85149; --warn: #d29922; --info: #58a6ff; --skip: #8b949e; --blocked: #bc8cff; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1200px; padding: 1.5rem; font: 14px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; } h1 .target { font-weight: normal; color: var(--muted); word-break: break-all; }
h2 { font-size: 1.2rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; margin-top: 2rem; word-break: break-all; }
h4 { margin: .75rem 0 .25rem; } h5 { margin: .5rem 0 .2rem; font-size: .85rem; color: var(--muted); }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: 0; }
.facts dt { color: var(--muted); } .facts dd { margin: 0; word-break: break-all; }
.cols { display: flex; flex-wrap: wrap; gap: 2rem; align-items: flex-start; }
table { border-collapse: collapse; } caption { text-align: left; font-weight: 600; padding-bottom: .25rem; }
th, td { border-bottom: 1px solid var(--line); padding: .3rem .6rem; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.total td { font-weight: 600; }
table.checks { width: 100%; table-layout: fixed; }
table.checks th:nth-child(1) { width: 8rem; } table.checks th:nth-child(2) { width: 30%; } table.checks th:nth-child(3) { width: 5rem; }
td { overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 0 .45rem; border-radius: 1rem; font-size: .8rem; font-weight: 600; color: #fff; background: var(--skip); white-space: nowrap; }
.badge.v-pass { background: var(--pass); } .badge.v-fail, .badge.v-error { background: var(--fail); }
.badge.v-warn { background: var(--warn); } .badge.v-info { background: var(--info); } .badge.v-blocked { background: var(--blocked); }
tr.v-fail, tr.v-error { box-shadow: inset 3px 0 var(--fail); } tr.v-warn { box-shadow: inset 3px 0 var(--warn); }
code, pre { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
pre { background: var(--code); padding: .5rem; margin: .25rem 0; overflow: auto; max-height: 24rem; white-space: pre-wrap; overflow-wrap: anywhere; }
details summary { cursor: pointer; color: var(--info); }
.meta, .truncated, .time, .service, .proof { color: var(--muted); font-size: .85rem; }
.exchange { border-left: 2px solid var(--line); padding-left: .75rem; margin: .5rem 0 1rem; }
.exchange .line { margin: .25rem 0; } .url { word-break: break-all; }
.transport { color: var(--fail); }
ul.reqs { margin: .25rem 0; padding-left: 1.2rem; }
`;
