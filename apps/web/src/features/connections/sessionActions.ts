import type { ConnectionStatusValue } from '@zapdesk/contracts';
import type { SessionCommand } from './api';

/** A session button of the connections table. */
export type SessionAction =
  | { kind: 'showQr' }
  | { kind: 'command'; command: SessionCommand; label: 'tryAgain' | 'newQr' | 'disconnect' }
  | { kind: 'connecting' };

/** The session buttons each status offers (spec 1 section 4, Connection). */
export function sessionActionsFor(status: ConnectionStatusValue): SessionAction[] {
  switch (status) {
    case 'qrcode':
      return [{ kind: 'showQr' }];
    case 'DISCONNECTED':
      return [
        { kind: 'command', command: 'start', label: 'tryAgain' },
        { kind: 'command', command: 'refresh', label: 'newQr' },
      ];
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return [{ kind: 'command', command: 'logout', label: 'disconnect' }];
    case 'OPENING':
      return [{ kind: 'connecting' }];
  }
}
