import type { SessionAnswer } from '@zapdesk/contracts';
import { readItem, removeItem, storageKeys, writeItem } from '../../lib/session/storage';
import { setToken } from '../../lib/session/tokenStore';
import { campaignsEnabled } from './subscription';

/** Writes what the browser keeps of a session: token, ids, due date and the campaigns flag. */
export function persistSession({ token, user }: SessionAnswer): void {
  setToken(token);
  writeItem(storageKeys.companyId, String(user.companyId));
  writeItem(storageKeys.userId, String(user.id));
  if (user.company.dueDate) writeItem(storageKeys.companyDueDate, user.company.dueDate);
  else removeItem(storageKeys.companyDueDate);
  if (campaignsEnabled(user)) writeItem(storageKeys.campaigns, 'true');
  else removeItem(storageKeys.campaigns);
}

/** Campaign routes exist only while this browser flag is present (spec 1 section 2). */
export const hasCampaignsFlag = (): boolean => readItem(storageKeys.campaigns) !== null;
