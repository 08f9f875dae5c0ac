import { AppError } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';
import { findWhatsapp, type WhatsappRow } from './whatsapps.repository';

/**
 * The connection a new ticket or message goes out on (server-behaviour 5.3): the one given (404
 * ERR_NO_WAPP_FOUND when it is not the company's), else the user's default connection, else the company
 * default when CONNECTED, else any CONNECTED one; none → 404 ERR_NO_DEF_WAPP_FOUND. Throws, despite the
 * name (other modules call it by this name).
 */
export async function findDefaultConnection(
  tx: TenantTx,
  preferredId?: number | null,
  userId?: number,
): Promise<WhatsappRow> {
  if (preferredId) {
    const given = await findWhatsapp(tx, preferredId);
    if (!given) throw AppError.notFound('ERR_NO_WAPP_FOUND');
    return given;
  }
  if (userId !== undefined) {
    const user = await tx
      .selectFrom('users')
      .where('id', '=', userId)
      .select('whatsappId')
      .executeTakeFirst();
    const own = user?.whatsappId ? await findWhatsapp(tx, user.whatsappId) : undefined;
    if (own) return own;
  }
  const connected = await findConnectedDefault(tx);
  if (!connected) throw AppError.notFound('ERR_NO_DEF_WAPP_FOUND');
  return connected;
}

/** The company's default connection when CONNECTED, else any CONNECTED one, else none. */
export function findConnectedDefault(tx: TenantTx): Promise<WhatsappRow | undefined> {
  return tx
    .selectFrom('whatsapps')
    .where('status', '=', 'CONNECTED')
    .selectAll()
    .orderBy('isDefault', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}
