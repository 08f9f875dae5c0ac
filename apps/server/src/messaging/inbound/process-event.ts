import type { ProviderEvent } from '../providers';
import { handleCall } from './handle-call';
import { handleMessage } from './handle-message';
import { handleContactsSync, handleIdentity } from './handle-phonebook';
import { handleEdit, handleRevoke, handleStatus } from './handle-updates';
import type { InboundEnv } from './inbound-env';

/** Routes one stored provider event to its step of the pipeline (server-behaviour 7). */
export async function processEvent(env: InboundEnv, event: ProviderEvent): Promise<void> {
  switch (event.type) {
    case 'message.received':
      return handleMessage(env, event.message);
    case 'message.status':
      return handleStatus(env, event.wid, event.ack);
    case 'message.edited':
      return handleEdit(env, event.wid, event.text);
    case 'message.revoked':
      return handleRevoke(env, event.wid);
    case 'call':
      return handleCall(env, event);
    case 'identity.mapped':
      return handleIdentity(env, event.lid, event.phone);
    case 'contacts.sync':
      return handleContactsSync(env, event.contacts);
    case 'connection.state':
      return;
  }
}
