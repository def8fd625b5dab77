import { describe, expect, it } from 'vitest';
import { type Exchange, isSuccess, statusOrError } from '../../src/report/exchange.js';

const answered = (status?: number, transportError?: object) => ({ status, transportError }) as unknown as Exchange;

describe('reading an exchange', () => {
  it('counts 200 to 299 as success, nothing else', () => {
    for (const status of [200, 201, 204, 299]) expect(isSuccess(answered(status))).toBe(true);
    for (const status of [199, 300, 404, undefined]) expect(isSuccess(answered(status))).toBe(false);
  });

  it('says the status, or why no answer came, never "undefined"', () => {
    expect(statusOrError(answered(404))).toBe('404');
    expect(statusOrError(answered(undefined, { kind: 'network', message: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(statusOrError(answered())).toBe('no answer');
  });
});
