import type { AppContext } from '../../platform/context';
import { contactPictureJob } from './contact-picture.job';
import { ContactPictures, type PictureEnv } from './refresh-contact-picture';

export { CONTACT_PICTURE_JOB, PictureRequests } from './contact-picture.job';
export { isPictureDue, PICTURE_REFRESH_MS, type PictureTarget } from './refresh-contact-picture';

/** Registers the picture lookup job (worker nodes run it; `PictureRequests` queue it). */
export function registerContactPictureJob(ctx: AppContext, env: Omit<PictureEnv, 'ctx'>): void {
  ctx.jobs.register(contactPictureJob(new ContactPictures({ ctx, ...env })));
}
