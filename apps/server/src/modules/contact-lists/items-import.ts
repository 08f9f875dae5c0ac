import { UpdateContactListItemInput, type ContactListUploadAnswer } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { TenantScope } from '../../platform/tenancy';
import { assertCampaignsEnabled } from '../settings';
import { contactListItemChanged } from './contact-lists.events';
import { presentContactListItem } from './contact-lists.presenter';
import { getContactList } from './contact-lists.repository';
import { findOrCreateItems, type ItemFields } from './contact-list-items.repository';
import { queueItemsCheck } from './jobs/items-check.job';
import type { SheetItem } from './items-sheet';

/** Rows written per statement: a 10,000-row sheet is a handful of inserts in one transaction. */
const CHUNK = 1000;

type Checked = { ok: ItemFields } | { contactName: string; message: string };

/** A sheet row as an item: without a name it is named by its number; each rule as POST /contact-list-items. */
function checkRow(item: SheetItem): Checked {
  const contactName = item.name || item.number;
  if (item.number === '') return { contactName, message: 'ERR_CONTACT_WITHOUT_NUMBER' };
  const parsed = UpdateContactListItemInput.safeParse({
    name: item.name.length >= 2 ? item.name.slice(0, 50) : item.number.slice(0, 50),
    number: item.number,
    email: item.email,
  });
  if (parsed.success) return { ok: parsed.data };
  const issue = parsed.error.issues[0];
  return { contactName, message: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}` };
}

/**
 * POST /contact-lists/:id/upload (server-behaviour 11): find-or-create per (list, number) in one transaction; rows
 * without a number or with an invalid one are reported in `errorBag`, not stored. Then `-ContactListItem-{listId}`
 * reload, and the new items are checked on WhatsApp in the background.
 */
export async function importListItems(
  ctx: AppContext,
  scope: TenantScope,
  contactListId: number,
  items: SheetItem[],
): Promise<ContactListUploadAnswer> {
  const answer: ContactListUploadAnswer = { contacts: [], errorBag: [] };
  const valid: ItemFields[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const checked = checkRow(item);
    if ('ok' in checked) {
      // A number twice in the sheet is one item (the first row wins).
      if (!seen.has(checked.ok.number)) valid.push(checked.ok);
      seen.add(checked.ok.number);
    } else {
      answer.errorBag.push({ contactName: checked.contactName, error: { message: checked.message } });
    }
  }
  await scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    await getContactList(tx, contactListId);
    for (let start = 0; start < valid.length; start += CHUNK) {
      const { rows } = await findOrCreateItems(tx, contactListId, valid.slice(start, start + CHUNK));
      answer.contacts.push(...rows.map(presentContactListItem));
    }
    contactListItemChanged(ctx.realtime, tx, { action: 'reload' }, contactListId);
    const companyId = tx.companyId;
    tx.afterCommit(() =>
      queueItemsCheck(ctx, companyId, contactListId).catch((error: unknown) =>
        ctx.log.error({ err: error, companyId, contactListId }, 'list item check not queued'),
      ),
    );
  });
  return answer;
}
