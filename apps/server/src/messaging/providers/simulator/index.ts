import { SIMULATOR_PRESENCE_EVENT } from '@zapdesk/contracts';
import type { AppContext } from '../../../platform/context';
import type { ProviderFactory } from '..';
import { SimulatedAvatars } from './avatars';
import { SimulatorAckFlusher } from './ack-flusher';
import { SimulatorSession } from './simulator-session';

export { registerSimulatorRoutes } from './simulator.routes';
export { checkSimulatedNumber, simulatedOwnNumber } from './numbers';

/** The simulator adapter: sessions of the built-in fake phone network, timed by the configuration. */
export function simulatorProvider(ctx: AppContext): ProviderFactory {
  const timings = {
    qrMs: ctx.config.simulatorQrMs,
    deliveredMs: ctx.config.simulatorAckMs.delivered,
    readMs: ctx.config.simulatorAckMs.read,
  };
  const avatars = new SimulatedAvatars(ctx.config.storageDir, ctx.config.backendUrl);
  // One ack flusher per company (sessions are tenant-scoped): its lines' due acks are stored together.
  const flushers = new Map<number, SimulatorAckFlusher>();
  const flusherOf = (companyId: number) => {
    const known = flushers.get(companyId);
    if (known) return known;
    const flusher = new SimulatorAckFlusher(ctx.scopes.tenant(companyId), ctx.log);
    flushers.set(companyId, flusher);
    return flusher;
  };
  return (context) => {
    const { companyId } = context.connection;
    return new SimulatorSession(
      context,
      ctx.scopes.tenant(companyId),
      timings,
      avatars,
      (presence) => ctx.realtime.emitToCompany(companyId, SIMULATOR_PRESENCE_EVENT, presence),
      flusherOf(companyId),
    );
  };
}
