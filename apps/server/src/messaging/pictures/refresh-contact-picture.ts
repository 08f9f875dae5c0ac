import { presentContact, chatIdOfContact } from '../../modules/contacts';
import type { AppContext } from '../../platform/context';
import type { MediaStorage } from '../../platform/storage/media-storage';
import { ProviderError } from '../providers';
import { TokenBucket } from '../outbound';
import { downloadPicture } from './download-picture';

/** Pictures are refreshed at most daily (server-behaviour 7.2 step 4). */
export const PICTURE_REFRESH_MS = 24 * 60 * 60 * 1000;

export interface PictureEnv {
  ctx: AppContext;
  /** The live sessions (messaging/sessions), of which a picture refresh needs only this. */
  sessions: {
    profilePictureUrl(companyId: number, whatsappId: number, chatId: string): Promise<string | null>;
  };
  storage: MediaStorage;
}

export interface PictureTarget {
  companyId: number;
  contactId: number;
  whatsappId: number;
}

/** Whether a contact's (or group's) picture should be looked up: never fetched, or fetched over a day ago. */
export function isPictureDue(contact: { pictureUpdatedAt: Date | null }, now = Date.now()): boolean {
  return contact.pictureUpdatedAt === null || now - contact.pictureUpdatedAt.getTime() >= PICTURE_REFRESH_MS;
}

/**
 * Looks a contact's picture up through the connection's live session (on whichever node owns it), stores it
 * under an unguessable name in the company's `contacts` folder, points `profilePicUrl` at it and tells the
 * company (`-contact` update). A contact without a picture (or hiding it) gets the placeholder; either way the
 * lookup is not repeated for a day. At most 5 lookups in a burst, then 1 per second, per connection and node,
 * so a flood of new customers does not hammer WhatsApp. Transient failures throw (the job retries).
 */
export class ContactPictures {
  readonly #buckets = new Map<number, TokenBucket>();

  constructor(private readonly env: PictureEnv) {}

  async refresh(target: PictureTarget): Promise<void> {
    const scope = this.env.ctx.scopes.tenant(target.companyId);
    const contact = await scope.run((tx) =>
      tx
        .selectFrom('contacts')
        .where('id', '=', target.contactId)
        .select(['number', 'isGroup', 'pictureUpdatedAt', 'profilePicUrl'])
        .executeTakeFirst(),
    );
    if (!contact || !isPictureDue(contact)) return;
    await this.#bucket(target.whatsappId).take();
    const url = await this.#lookUp(target, chatIdOfContact(contact));
    const picture = url ? await this.#download(url) : null;
    const stored = picture
      ? await this.env.storage.save(target.companyId, 'contacts', picture.fileName, picture.data)
      : undefined;
    const profilePicUrl = stored ? this.env.storage.publicUrl(stored.relativePath) : '';
    const row = await scope.run((tx) =>
      tx
        .updateTable('contacts')
        .set({ profilePicUrl, pictureUpdatedAt: new Date() })
        .where('id', '=', target.contactId)
        .returningAll()
        .executeTakeFirst(),
    );
    if (!row) {
      if (stored) await this.env.storage.remove(stored.relativePath);
      return;
    }
    const previous = this.env.storage.ownFileFromUrl(target.companyId, contact.profilePicUrl);
    if (previous && previous !== stored?.relativePath) await this.env.storage.remove(previous);
    if (profilePicUrl === contact.profilePicUrl) return;
    this.env.ctx.realtime.emitToCompany(target.companyId, 'contact', {
      action: 'update',
      contact: presentContact(row, this.env.ctx.config.frontendUrl),
    });
  }

  /** The picture's address; null for none. A permanent refusal counts as none. */
  async #lookUp(target: PictureTarget, chatId: string): Promise<string | null> {
    try {
      return await this.env.sessions.profilePictureUrl(target.companyId, target.whatsappId, chatId);
    } catch (error) {
      if (error instanceof ProviderError && !error.transient) return null;
      throw error;
    }
  }

  async #download(url: string) {
    try {
      return await downloadPicture(url);
    } catch (error) {
      if (error instanceof ProviderError && !error.transient) {
        this.env.ctx.log.warn({ err: error }, 'profile picture not stored');
        return null;
      }
      throw error;
    }
  }

  #bucket(whatsappId: number): TokenBucket {
    let bucket = this.#buckets.get(whatsappId);
    if (!bucket) {
      bucket = new TokenBucket(5, 1);
      this.#buckets.set(whatsappId, bucket);
    }
    return bucket;
  }
}
