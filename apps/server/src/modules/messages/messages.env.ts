import type { SessionControl } from '../whatsapps';
import type { OutgoingEnv } from './outbox.port';

/** What the messages routes work with: the platform, the media folder, and the outbox and session ports. */
export interface MessagesEnv extends OutgoingEnv {
  sessions: SessionControl;
}
