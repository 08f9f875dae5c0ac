import type { Sessions } from '../../messaging/sessions';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope } from '../../platform/tenancy';

/** Checks a number on WhatsApp and answers it normalised (ninth digit), or as typed when no session is live. */
export type CheckNumber = (number: string) => Promise<string>;

/** Picks the company's live session once (an upload checks thousands of rows through it). */
export type NumberCheck = (scope: TenantScope) => Promise<CheckNumber>;

/**
 * Uses the first CONNECTED connection of the company (default first) whose session lives on this node. Other
 * nodes' sessions are not asked: with none here, the number is accepted as typed.
 */
export function createNumberCheck(ctx: AppContext, sessions: Sessions): NumberCheck {
  return async (scope) => {
    const connections = await scope.run((tx) =>
      tx
        .selectFrom('whatsapps')
        .where('status', '=', 'CONNECTED')
        .select('id')
        .orderBy('isDefault', 'desc')
        .orderBy('id')
        .execute(),
    );
    const live = connections
      .map((c) => ({ id: c.id, session: sessions.local(c.id) }))
      .find((c) => c.session !== undefined);
    const session = live?.session;
    if (!live || !session) return async (number) => number;
    return async (number) => {
      const check = await session.checkNumber(number).catch((error: unknown) => {
        ctx.log.warn({ err: error, whatsappId: live.id }, 'contact number check failed');
        throw new AppError('ERR_WAPP_CHECK_CONTACT', 'Could not check the number on WhatsApp');
      });
      if (!check.exists) throw new AppError('ERR_WAPP_INVALID_CONTACT', 'Not a WhatsApp number');
      return (check.number ?? number).replace(/\D/g, '') || number;
    };
  };
}
