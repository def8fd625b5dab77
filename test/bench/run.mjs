#!/usr/bin/env node
/**
 * `npm run bench`: the run's speed measured on this machine, medians of RUNS runs each, written to
 * reports/bench.json and printed as a table with the targets. Needs `npm run build`.
 *
 *   a) a full run against the reference business on loopback (wall, requests, peak RSS), and `demo`;
 *   b) the same 50 ms away: the default concurrency, one scenario at a time, and the critical-path
 *      bound (latency x the longest chain of requests that depend on each other, from the run's log);
 *   c) overhead: the CLI against a bare undici client replaying the same requests, scenario by
 *      scenario, at the same concurrency and latency;
 *   d) `--version`, and the time from start to the first request.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';

const RUNS = Number(process.env.BENCH_RUNS) || 5;
const LATENCY_MS = 50;
const ROOT = new URL('../..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/proto-conformance.js');
const RSS = join(ROOT, 'test/bench/rss.mjs');
const dir = mkdtempSync(join(tmpdir(), 'proto-bench-'));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Runs the CLI once: wall time in ms, peak RSS in MB, exit code. */
function timed(args) {
  const rssFile = join(dir, `rss-${Math.random().toString(36).slice(2)}`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', RSS, BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', BENCH_RSS_FILE: rssFile },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const wall = performance.now() - started;
      let rss;
      try {
        rss = Number(readFileSync(rssFile, 'utf8')) / 1024;
      } catch {
        rss = undefined;
      }
      if (code !== 0) reject(new Error(`proto-conformance ${args.join(' ')} exited ${code}: ${stderr}`));
      else resolve({ wall, rss });
    });
  });
}

/** A reference business in its own process, with the config a full run needs. */
function referenceServer(extra = []) {
  const config = join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'reference-server', '--write-config', config, ...extra], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.on('error', reject);
    createInterface({ input: child.stdout }).once('line', (url) =>
      resolve({ url: url.trim(), config, stop: () => child.kill('SIGTERM') }),
    );
  });
}

async function medianOf(label, args, runs = RUNS) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await timed(args));
  const out = { wallMs: Math.round(median(samples.map((s) => s.wall))) };
  const rss = samples.map((s) => s.rss).filter((r) => r !== undefined);
  if (rss.length) out.peakRssMb = Math.round(median(rss));
  process.stderr.write(`  ${label}: ${out.wallMs} ms\n`);
  return out;
}

/** The longest chain of requests that wait on each other: discovery, then the longest scenario. */
function longestChain(report) {
  const counts = new Map();
  let discovery = 0;
  for (const x of report.exchanges) {
    if (x.role === 'cleanup') continue;
    if (x.scenario === undefined) discovery += 1;
    else counts.set(x.scenario, (counts.get(x.scenario) ?? 0) + 1);
  }
  return discovery + Math.max(0, ...counts.values());
}

/** Replays a run's requests with bare undici: each scenario's in order, `concurrency` scenarios at once. */
async function replay(report, concurrency) {
  const agent = new Agent({ connections: concurrency });
  const byScenario = new Map();
  for (const x of report.exchanges) {
    const key = x.scenario ?? '';
    byScenario.set(key, [...(byScenario.get(key) ?? []), x]);
  }
  const queues = [...byScenario.values()];
  const started = performance.now();
  // Discovery first, as the run does.
  for (const x of queues.shift() ?? []) await send(x);
  let next = 0;
  const worker = async () => {
    while (next < queues.length) for (const x of queues[next++]) await send(x);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wall = performance.now() - started;
  await agent.close();
  return wall;

  async function send(x) {
    const res = await request(x.url, {
      method: x.method,
      headers: x.requestHeaders,
      body: x.requestBody,
      dispatcher: agent,
    }).catch(() => undefined);
    await res?.body.text();
  }
}

/** From the CLI's start to the first request reaching a business. */
async function firstRequestMs() {
  let arrived;
  const server = createServer((_req, res) => {
    arrived ??= performance.now();
    res.writeHead(404).end();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}`;
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    arrived = undefined;
    const started = performance.now();
    await new Promise((resolve) => spawn(process.execPath, [BIN, url], { stdio: 'ignore' }).on('close', resolve));
    samples.push(arrived - started);
  }
  server.close();
  return Math.round(median(samples));
}

const results = { machine: { cpus: (await import('node:os')).cpus().length, node: process.version }, runs: RUNS };
process.stderr.write(`benchmark, medians of ${RUNS} runs\n`);

// a) loopback
{
  const ref = await referenceServer();
  const json = join(dir, 'loopback.json');
  const full = ['run', ref.url, '--config', ref.config, '--allow', 'irreversible'];
  results.loopback = await medianOf('full run on loopback', [...full, '--json', json]);
  results.loopback.requests = JSON.parse(readFileSync(json, 'utf8')).exchanges.length;
  ref.stop();
  results.demo = await medianOf('demo', ['demo']);
}

// b) and c) at 50 ms
{
  const ref = await referenceServer(['--latency', String(LATENCY_MS)]);
  const full = ['run', ref.url, '--config', ref.config, '--allow', 'irreversible'];
  const json = join(dir, 'latency.json');
  results.latency = { latencyMs: LATENCY_MS };
  results.latency.concurrent = await medianOf(`at ${LATENCY_MS} ms, default concurrency`, [...full, '--json', json]);
  const report = JSON.parse(readFileSync(json, 'utf8'));
  results.latency.sequential = await medianOf(`at ${LATENCY_MS} ms, --concurrency 1`, [...full, '--concurrency', '1']);
  const chain = longestChain(report);
  results.latency.longestChain = chain;
  results.latency.criticalPathMs = chain * LATENCY_MS;
  const replays = [];
  for (let i = 0; i < RUNS; i++) replays.push(await replay(report, 16));
  results.latency.replayMs = Math.round(median(replays));
  process.stderr.write(`  bare replay at ${LATENCY_MS} ms: ${results.latency.replayMs} ms\n`);
  ref.stop();
}

// d) start-up
results.version = await medianOf('--version', ['--version'], Math.max(RUNS, 7));
results.firstRequestMs = await firstRequestMs();

const L = results.latency;
const rows = [
  [
    'at 50 ms latency',
    `${L.concurrent.wallMs} ms`,
    `≤ 1.3 × ${L.criticalPathMs} ms (${(L.concurrent.wallMs / L.criticalPathMs).toFixed(1)}×)`,
  ],
  [
    '  vs --concurrency 1',
    `${L.sequential.wallMs} ms`,
    `≥ 8× faster (${(L.sequential.wallMs / L.concurrent.wallMs).toFixed(1)}×)`,
  ],
  ['full loopback run', `${results.loopback.wallMs} ms, ${results.loopback.requests} requests`, '≤ 1000 ms'],
  ['demo', `${results.demo.wallMs} ms`, '≤ 1500 ms'],
  ['--version', `${results.version.wallMs} ms`, '≤ 150 ms'],
  ['first request', `${results.firstRequestMs} ms`, ''],
  ['peak RSS, full run', `${results.loopback.peakRssMb} MB`, '≤ 100 MB'],
  ['overhead ratio', `${(L.concurrent.wallMs / L.replayMs).toFixed(2)} (replay ${L.replayMs} ms)`, '≤ 1.25'],
];
results.table = rows.map(([measure, now, target]) => ({ measure: measure.trim(), now, target }));
mkdirSync(join(ROOT, 'reports'), { recursive: true });
writeFileSync(join(ROOT, 'reports/bench.json'), `${JSON.stringify(results, null, 2)}\n`);
const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length), 7));
console.log(`| ${'measure'.padEnd(w[0])} | ${'here'.padEnd(w[1])} | ${'target'.padEnd(w[2])} |`);
console.log(`| ${'-'.repeat(w[0])} | ${'-'.repeat(w[1])} | ${'-'.repeat(w[2])} |`);
for (const r of rows) console.log(`| ${r.map((c, i) => c.padEnd(w[i])).join(' | ')} |`);
