import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('send limits (SEND_RATE, SIMULATOR_SEND_RATE)', () => {
  it('limit every connection to a burst of 20, then 10/s, the simulator too, unless configured', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.sendRate).toEqual({ capacity: 20, perSecond: 10 });
    expect(config.simulatorSendRate).toBeUndefined();
  });

  it('read "burst,perSecond", and off for the simulator', () => {
    const config = loadConfig({ NODE_ENV: 'test', SEND_RATE: '5, 2.5', SIMULATOR_SEND_RATE: 'off' });
    expect(config.sendRate).toEqual({ capacity: 5, perSecond: 2.5 });
    expect(config.simulatorSendRate).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', SIMULATOR_SEND_RATE: '100,50' }).simulatorSendRate).toEqual({
      capacity: 100,
      perSecond: 50,
    });
  });

  it('refuse anything else at start-up, naming the variable', () => {
    for (const SEND_RATE of ['10', 'fast', '0,10', '20,0', '-1,5']) {
      expect(() => loadConfig({ NODE_ENV: 'test', SEND_RATE }), SEND_RATE).toThrow(/SEND_RATE/);
    }
    expect(() => loadConfig({ NODE_ENV: 'test', SIMULATOR_SEND_RATE: 'none' })).toThrow(
      /SIMULATOR_SEND_RATE/,
    );
  });
});
