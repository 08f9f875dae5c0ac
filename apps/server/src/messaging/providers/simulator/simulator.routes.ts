import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../../platform/context';
import type { Sessions } from '../../sessions';
import { playInbound, readOutbox, scanQrCode } from './simulator.service';

/** The simulator's HTTP API: scan a QR code, play customers, read what they received. 404 when it is off. */
export function registerSimulatorRoutes(ctx: AppContext, sessions: Sessions): void {
  ctx.bind(routes.simulator.scan, ({ scope, params }) => scanQrCode(ctx, sessions, scope, params.id));
  ctx.bind(routes.simulator.inbound, ({ scope, params, body }) =>
    playInbound(ctx, sessions, scope, params.id, body),
  );
  ctx.bind(routes.simulator.outbox, ({ scope, params, query }) =>
    readOutbox(ctx, scope, params.id, query.to),
  );
}
