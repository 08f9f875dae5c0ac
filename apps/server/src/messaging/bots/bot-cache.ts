import type { SettingKey } from '@zapdesk/contracts';
import { getSetting } from '../../modules/settings';
import type { TenantTx } from '../../platform/tenancy';
import {
  loadCompanySchedules,
  loadConnection,
  loadConnectionQueues,
  loadPlanFlags,
  type BotPlanFlags,
  type ConnectionRow,
  type QueueRow,
} from './bot-data';

/**
 * The company's and connections' bot configuration, read once per transaction and shared by every message the
 * transaction processes (inbound processing handles many messages of a company in one transaction). Nothing the
 * bot does changes these rows, so they stay true for the whole transaction; a new transaction starts a new cache.
 */
export class BotCache {
  readonly #loaded = new Map<string, Promise<unknown>>();

  connection(tx: TenantTx, whatsappId: number): Promise<ConnectionRow | undefined> {
    return this.once(`connection:${whatsappId}`, () => loadConnection(tx, whatsappId));
  }

  connectionQueues(tx: TenantTx, whatsappId: number): Promise<QueueRow[]> {
    return this.once(`queues:${whatsappId}`, () => loadConnectionQueues(tx, whatsappId));
  }

  setting(tx: TenantTx, key: SettingKey): Promise<string> {
    return this.once(`setting:${key}`, () => getSetting(tx, key));
  }

  planFlags(tx: TenantTx): Promise<BotPlanFlags> {
    return this.once('planFlags', () => loadPlanFlags(tx));
  }

  companySchedules(tx: TenantTx): Promise<unknown> {
    return this.once('schedules', () => loadCompanySchedules(tx));
  }

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let value = this.#loaded.get(key) as Promise<T> | undefined;
    if (!value) {
      value = load();
      this.#loaded.set(key, value);
    }
    return value;
  }
}
