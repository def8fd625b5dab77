import { describe, expect, it } from 'vitest';
import type { Requirement } from '../../src/register/types.js';
import { cli } from '../helpers/processes.js';

describe('requirements', () => {
  it('narrows the register by capability and level, as JSON', async () => {
    const r = await cli(['requirements', '--json', '--capability', 'cart', '--level', 'must']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Requirement[];
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((x) => x.capability === 'shopping.cart' && x.level === 'MUST')).toBe(true);
  });

  it('takes a leading part of a capability, and shows why a row has no check', async () => {
    const r = await cli(['requirements', '--capability', 'common']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ASK-001 /m);
    expect(r.stdout).toMatch(/^LSRCH-014 /m);
    expect(r.stdout).not.toMatch(/^CART-/m);
    const errors = await cli(['requirements', '--capability', 'errors']);
    expect(errors.stdout).toMatch(/^ERR-004 .*\[derived,untestable\]/m);
    const signatures = await cli(['requirements', '--capability', 'signatures']);
    // Every testable row has a check now; an untestable one says why beneath it.
    expect(signatures.stdout).toMatch(/^SIG-008 .*\[derived\]/m);
    expect(signatures.stdout).toMatch(/^SIG-014 .*\[derived\]/m);
    expect(signatures.stdout).not.toMatch(/not yet checked/);
    expect(signatures.stdout).toMatch(/^SIG-012 .*\[untestable\]/m);
    expect(signatures.stdout).toMatch(/^ {10}untestable: Binds the platform, not the business/m);
  });

  it('refuses a capability or level that selects nothing, in one line', async () => {
    const cap = await cli(['requirements', '--capability', 'teleport']);
    expect(cap.code).toBe(2);
    expect(cap.stderr).toMatch(
      /^proto-conformance: --capability teleport: no requirement has it; known: .*shopping\.cart/,
    );
    const level = await cli(['requirements', '--level', 'OUGHT']);
    expect(level.code).toBe(2);
    expect(level.stderr).toBe('proto-conformance: --level OUGHT: expected MUST, SHOULD or MAY\n');
  });
});

describe('explain', () => {
  it('gives a requirement whole: statement, source, sentence, checks, the faults that prove them, their verdicts', async () => {
    const r = await cli(['explain', 'PROF-007']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('PROF-007  MUST  profile\n');
    expect(r.stdout).toContain('source: Document 1 §Public JWK\n');
    expect(r.stdout).toContain(
      'Document 1 §Public JWK: "…private members d, p, q, dp, dq, qi, oth, k MUST NOT appear…"',
    );
    expect(r.stdout).toContain('  profile.keys-no-private: keys carry no private members\n');
    expect(r.stdout).toContain('    proven by the fault jwk-private-member: ');
    expect(r.stdout).toContain('a run against it says: profile.keys-no-private fail: keys[0]');
  });

  it('says why an untestable requirement has no check', async () => {
    const r = await cli(['explain', 'err-004']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^untestable: No request can make a conformant business fail unexpectedly/m);
    expect(r.stdout).not.toContain('checks that judge it');
  });

  it('answers an unknown ID with one line naming the closest known one', async () => {
    const r = await cli(['explain', 'PROF-07']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("proto-conformance: unknown requirement ID 'PROF-07'; did you mean PROF-007?\n");
    const typo = await cli(['explain', 'LSRHC-002']);
    expect(typo.stderr).toBe("proto-conformance: unknown requirement ID 'LSRHC-002'; did you mean LSRCH-002?\n");
    expect(r.stdout).toBe('');
  });
});
