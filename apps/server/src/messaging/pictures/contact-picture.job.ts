import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { defineJob, tenantPayload } from '../../platform/jobs/define-job';
import type { ContactPictures, PictureTarget } from './refresh-contact-picture';

export const CONTACT_PICTURE_JOB = 'contact-picture';

/** How long a requested lookup keeps this node from asking again for the same contact. */
const REQUEST_MEMORY_MS = 10 * 60 * 1000;

export function contactPictureJob(pictures: ContactPictures) {
  return defineJob({
    name: CONTACT_PICTURE_JOB,
    payload: tenantPayload({
      contactId: z.number().int().positive(),
      whatsappId: z.number().int().positive(),
    }),
    // A session that is reconnecting, or a CDN hiccup: try again later, backing off.
    retryLimit: 4,
    retryDelaySeconds: 15,
    retryBackoff: true,
    expireInSeconds: 120,
    // At most one waiting job per contact (the singleton key).
    policy: 'short',
    handler: (payload) => pictures.refresh(payload),
  });
}

/**
 * Queues a picture lookup for a contact, off the inbound path (called after the message's commit). A node
 * remembers what it asked for a while (per contact and last lookup), so a chatty new customer does not queue a
 * job per message while the first one runs.
 */
export class PictureRequests {
  readonly #asked = new Map<string, number>();

  constructor(private readonly ctx: AppContext) {}

  request(target: PictureTarget, lastLookup: Date | null): void {
    const singletonKey = `${target.companyId}:${target.contactId}`;
    const key = `${singletonKey}:${lastLookup?.getTime() ?? 0}`;
    const now = Date.now();
    const asked = this.#asked.get(key);
    if (asked !== undefined && now - asked < REQUEST_MEMORY_MS) return;
    if (this.#asked.size >= 10_000) this.#asked.clear();
    this.#asked.set(key, now);
    this.ctx.jobs.send(CONTACT_PICTURE_JOB, target, { singletonKey }).catch((error: unknown) => {
      this.#asked.delete(key);
      this.ctx.log.warn({ err: error, ...target }, 'contact picture lookup not queued');
    });
  }
}
