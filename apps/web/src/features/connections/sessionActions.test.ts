import { connectionStatuses } from '@zapdesk/contracts';
import { describe, expect, it } from 'vitest';
import { sessionActionsFor } from './sessionActions';

describe('session buttons per connection status', () => {
  it('offers the QR code while one is waiting to be scanned', () => {
    expect(sessionActionsFor('qrcode')).toEqual([{ kind: 'showQr' }]);
  });

  it('offers try again (start) and a new QR code (refresh) when disconnected', () => {
    expect(sessionActionsFor('DISCONNECTED')).toEqual([
      { kind: 'command', command: 'start', label: 'tryAgain' },
      { kind: 'command', command: 'refresh', label: 'newQr' },
    ]);
  });

  it.each(['CONNECTED', 'PAIRING', 'TIMEOUT'] as const)('offers disconnect (logout) when %s', (status) => {
    expect(sessionActionsFor(status)).toEqual([{ kind: 'command', command: 'logout', label: 'disconnect' }]);
  });

  it('shows a disabled connecting button while opening', () => {
    expect(sessionActionsFor('OPENING')).toEqual([{ kind: 'connecting' }]);
  });

  it('has buttons for every status of the contract', () => {
    for (const status of connectionStatuses) expect(sessionActionsFor(status).length).toBeGreaterThan(0);
  });
});
