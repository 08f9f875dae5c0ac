import { SIMULATOR_PRESENCE_EVENT } from '@zapdesk/contracts';
import type { AppContext } from '../../../platform/context';
import type { ProviderFactory } from '..';
import { SimulatedAvatars } from './avatars';
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
  return (context) => {
    const { companyId } = context.connection;
    return new SimulatorSession(context, ctx.scopes.tenant(companyId), timings, avatars, (presence) =>
      ctx.realtime.emitToCompany(companyId, SIMULATOR_PRESENCE_EVENT, presence),
    );
  };
}
