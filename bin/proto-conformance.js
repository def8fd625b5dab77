#!/usr/bin/env node
import { existsSync } from 'node:fs';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    'proto-conformance: not built yet; run `npm install` (or `npm run build`) in the package first\n',
  );
  process.exit(2);
}
const { main } = await import(entry.href);
await main(process.argv);
