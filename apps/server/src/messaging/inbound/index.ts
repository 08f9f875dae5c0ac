import type { AppContext } from '../../platform/context';
import type { ConnectionDescriptor, ProviderEvent } from '../providers/port';

/** The inbound pipeline: stores each provider event durably, then processes it (server-behaviour 7). */
export interface Inbound {
  /** Called by sessions and webhooks for every provider event except connection.state. */
  ingest(connection: ConnectionDescriptor, event: ProviderEvent): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createInbound(_ctx: AppContext): Inbound {
  return {
    async ingest() {
      throw new Error('inbound pipeline not implemented yet');
    },
    async start() {},
    async stop() {},
  };
}
