// Loaded with `node --import` into a process the benchmark measures: its peak RSS, written on exit.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
