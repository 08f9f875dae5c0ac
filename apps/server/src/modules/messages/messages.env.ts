import type { Messaging } from '../../messaging';
import type { AppContext } from '../../platform/context';

/** What the messages routes work with: the platform and the messaging heart. */
export interface MessagesEnv {
  ctx: AppContext;
  messaging: Messaging;
}
