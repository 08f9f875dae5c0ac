import { ContactInput, type ContactUploadAnswer, type ContactUploadRows } from '@zapdesk/contracts';
import type { TenantScope } from '../../platform/tenancy';
import { AppError } from '../../platform/http/app-error';
import { contactsReloaded } from './contacts.events';
import { presentContact, type ContactRow } from './contacts.presenter';
import { insertContacts } from './contacts.repository';
import type { CheckNumber } from './number-check';
import type { ContactsEnv } from './contacts.service';
import { readUploadRow } from './upload-rows';

/** Rows inserted per transaction: big sheets commit in chunks, never row by row. */
const CHUNK = 500;

interface CheckedRow {
  name: string;
  number: string;
  email: string;
}

type Outcome = { ok: CheckedRow } | { error: string; contactName: string };

/**
 * POST /contacts/upload: each row is validated and created like POST /contacts (number checked on WhatsApp when
 * a session is live); rows without a number and refused rows land in `errorBag`. Then `-contact` reload.
 */
export async function uploadContacts(
  env: ContactsEnv,
  scope: TenantScope,
  rows: ContactUploadRows,
): Promise<ContactUploadAnswer> {
  const answer: ContactUploadAnswer = { newContacts: [], errorBag: [] };
  const created: ContactRow[] = [];
  const outcomes: Outcome[] = [];
  const check = await env.checkNumber(scope);
  for (const raw of rows) outcomes.push(await checkRow(check, raw));

  for (let start = 0; start < outcomes.length; start += CHUNK) {
    const chunk = outcomes.slice(start, start + CHUNK);
    const inserted = await scope.run((tx) =>
      insertContacts(
        tx,
        chunk.flatMap((o) => ('ok' in o ? [o.ok] : [])),
      ),
    );
    // One multi-row insert per chunk: the first row of a number wins, later ones (and known numbers) are duplicates.
    for (const outcome of chunk) {
      if ('error' in outcome) {
        answer.errorBag.push({ contactName: outcome.contactName, error: { message: outcome.error } });
        continue;
      }
      const row = inserted.get(outcome.ok.number);
      if (row) {
        inserted.delete(outcome.ok.number);
        created.push(row);
        answer.newContacts.push({ contactId: row.id, contactName: row.name });
      } else {
        answer.errorBag.push({ contactName: outcome.ok.name, error: { message: 'ERR_DUPLICATED_CONTACT' } });
      }
    }
  }
  if (created.length > 0) {
    contactsReloaded(
      env.ctx,
      scope.companyId,
      created.map((row) => presentContact(row, env.ctx.config.frontendUrl)),
    );
  }
  return answer;
}

async function checkRow(check: CheckNumber, raw: Record<string, unknown>): Promise<Outcome> {
  const row = readUploadRow(raw);
  const contactName = row.name || row.number;
  if (row.number === '') return { error: 'ERR_CONTACT_WITHOUT_NUMBER', contactName };
  const parsed = ContactInput.safeParse({ name: contactName, number: row.number, email: row.email });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid value', contactName };
  }
  try {
    const number = await check(parsed.data.number);
    return { ok: { name: parsed.data.name, number, email: parsed.data.email } };
  } catch (error) {
    return { error: messageOf(error), contactName };
  }
}

/** Errors read like the single-contact route's codes (`ERR_DUPLICATED_CONTACT`…). */
function messageOf(error: unknown): string {
  if (error instanceof AppError) return error.code;
  throw error;
}
