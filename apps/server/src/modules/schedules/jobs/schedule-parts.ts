import { messageVariables, renderTemplate, type OutgoingPart } from '../../messages';
import type { ContactRow } from '../../contacts';
import { normaliseVariables, type ScheduleMedia } from '../schedule-variables';
import type { ScheduleRow } from '../schedules.repository';

/** A send that cannot go now, with the reason the user reads (recorded on the row as its lastError). */
export class SendRefused extends Error {}

export const NO_CONTACT = 'The contact no longer exists';
export const NO_CONNECTION = 'No WhatsApp connection to send through';
export const notConnected = (name: string) => `The connection ${name} is not connected`;

const mimeOf = (fileName: string): string => (/\.png$/i.test(fileName) ? 'image/png' : 'image/jpeg');

/** The schedule's one message, rendered now, at send time, for this contact and ticket. */
export function schedulePart(
  row: ScheduleRow,
  contact: ContactRow,
  ticketId: number,
  timeZone: string,
): OutgoingPart {
  const media: ScheduleMedia | undefined =
    row.mediaPath && row.mediaName
      ? { path: row.mediaPath, fileName: row.mediaName, mimetype: mimeOf(row.mediaName) }
      : undefined;
  const body = renderTemplate(
    normaliseVariables(row.body),
    messageVariables({ contactName: contact.name, ticketId, timeZone }),
  );
  return media ? { body: body.trim(), media } : { body };
}
