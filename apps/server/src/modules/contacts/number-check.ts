import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope } from '../../platform/tenancy';
import type { SessionControl } from '../whatsapps';

/** Checks a number on WhatsApp and answers it normalised (ninth digit), or as typed when no session is live. */
export type CheckNumber = (number: string) => Promise<string>;

/** Picks the company's live session once (an upload checks thousands of rows through it). */
export type NumberCheck = (scope: TenantScope) => Promise<CheckNumber>;

/**
 * Uses the company's first CONNECTED connection (default first), on whichever node runs its session. With none
 * connected, or none running anywhere, the number is accepted as typed. A session whose owner does not answer
 * in time fails the check with ERR_WAPP_SESSION_TIMEOUT.
 */
export function createNumberCheck(ctx: AppContext, sessions: SessionControl): NumberCheck {
  return async (scope) => {
    const connection = await scope.run((tx) =>
      tx
        .selectFrom('whatsapps')
        .where('status', '=', 'CONNECTED')
        .select('id')
        .orderBy('isDefault', 'desc')
        .orderBy('id')
        .executeTakeFirst(),
    );
    if (!connection) return async (number) => number;
    let live = true;
    return async (number) => {
      if (!live) return number;
      const check = await sessions
        .checkNumber(scope.companyId, connection.id, number)
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'ERR_WAPP_NOT_INITIALIZED') return undefined;
          if (error instanceof AppError) throw error;
          ctx.log.warn({ err: error, whatsappId: connection.id }, 'contact number check failed');
          throw new AppError('ERR_WAPP_CHECK_CONTACT', 'Could not check the number on WhatsApp');
        });
      if (!check) {
        // Shown CONNECTED but run by no node (it is being taken over): the rest of the batch goes as typed.
        live = false;
        return number;
      }
      if (!check.exists) throw new AppError('ERR_WAPP_INVALID_CONTACT', 'Not a WhatsApp number');
      return (check.number ?? number).replace(/\D/g, '') || number;
    };
  };
}
