import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/package-root.js';

const read = (f: string) => readFileSync(join(PACKAGE_ROOT, f), 'utf8');

describe('the README', () => {
  it('asks for the Node version package.json requires', () => {
    const engines = JSON.parse(read('package.json')).engines.node as string;
    const asked = /Node\.js (\d+\.\d+\.\d+) or later/.exec(read('README.md'))?.[1];
    expect(`>=${asked}`).toBe(engines);
  });
});
