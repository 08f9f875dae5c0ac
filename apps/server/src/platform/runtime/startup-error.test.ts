import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { describeStartFailure, StartupError } from './startup-error';

describe('describeStartFailure', () => {
  it('prints what went wrong and what to do, whatever was thrown', () => {
    expect(describeStartFailure(new StartupError('PostgreSQL did not start.', 'Free port 5432.'))).toBe(
      'PostgreSQL did not start.\n  What to do: Free port 5432.',
    );
    const taken = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', port: 8080 });
    expect(describeStartFailure(taken)).toMatch(
      /^Port 8080 is already in use .*\n {2}What to do: .*PORT=8081/,
    );
    // What used to print as the one word `undefined`.
    const nothing = describeStartFailure(undefined);
    expect(nothing).toMatch(/^unexpected failure: undefined\n {2}What to do: /);
  });

  it('explains an invalid configuration by the variables at fault', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'eighty', TRUST_PROXY: 'yes please' });
    } catch (error) {
      thrown = error;
    }
    const text = describeStartFailure(thrown);
    expect(text).toContain('PORT:');
    expect(text).toContain('TRUST_PROXY: expected off or a comma list of proxy addresses or CIDR ranges');
    expect(text).toContain('What to do: Correct or unset the environment variables named above');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes a list of addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,::1 ' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const wrong of ['true', '10.0.0.0/33', '*', '127.0.0.1/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });
});
