import fs from 'node:fs/promises';
import {
  ProviderError,
  type ConnectionStatus,
  type MediaRef,
  type NumberCheck,
  type ProviderSession,
  type SendCommand,
  type ProviderContext,
} from '..';
import { readCloudCredentials, type CloudCredentials, type GraphEndpoint } from './cloud-credentials';
import { GraphClient } from './graph-client';
import { GraphError } from './graph-errors';
import { baseMimetype, cloudMediaType, mediaMessage, textMessage } from './outgoing';
import type { SentMessages } from './sent-messages.repository';

export interface CloudSessionDeps {
  endpoint: GraphEndpoint;
  sent: SentMessages;
  /** Credential checks after a failure that may pass (server-behaviour 12: 2 s doubling to 60 s). */
  retry?: { baseMs: number; maxMs: number };
}

/** Failed checks in a row before the status shows TIMEOUT (checking goes on). */
const CHECKS_BEFORE_TIMEOUT = 5;

const notSupported = (what: string) => new ProviderError(`${what} is not supported by the Cloud API`, false);

/**
 * A connection to the official WhatsApp Business Cloud API. Nothing to pair and no socket: starting checks the
 * credentials with a Graph call, sends are HTTP calls, and inbound events arrive as webhooks on any node (the
 * webhook route hands them to the pipeline, not to this session). The only state here is the credential
 * check's retry timer; every start, stop and logout begins a new epoch so an old timer does nothing.
 */
export class CloudSession implements ProviderSession {
  readonly kind = 'cloud' as const;
  readonly #credentials: CloudCredentials | undefined;
  readonly #graph: GraphClient | undefined;
  #epoch = 0;
  #failedChecks = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly context: ProviderContext,
    private readonly deps: CloudSessionDeps,
  ) {
    this.#credentials = readCloudCredentials(context.connection);
    this.#graph = this.#credentials && new GraphClient(deps.endpoint, this.#credentials.accessToken);
  }

  async start(): Promise<void> {
    const epoch = this.#restart();
    await this.#emitState('OPENING');
    await this.deps.sent.prune().catch((error: unknown) => {
      this.context.hooks.log.warn({ err: error }, 'cloud: old send keys not pruned');
    });
    await this.#check(epoch);
  }

  async stop(): Promise<void> {
    this.#restart();
  }

  /** The Cloud API has no device to log out: the connection just stops being used. */
  async logout(): Promise<void> {
    this.#restart();
    await this.#emitState('DISCONNECTED', { reason: 'logout' });
  }

  async send(command: SendCommand, idempotencyKey: string): Promise<{ wid: string }> {
    const already = await this.deps.sent.findWid(idempotencyKey);
    if (already) return { wid: already };
    const { graph, credentials } = this.#api();
    const message = await this.#message(graph, credentials.phoneNumberId, command);
    const wid = await this.#authChecked(graph.sendMessage(credentials.phoneNumberId, message));
    await this.deps.sent.record(idempotencyKey, wid).catch((error: unknown) => {
      this.context.hooks.log.error({ err: error, wid }, 'cloud: sent, but the send key was not recorded');
    });
    return { wid };
  }

  /** One receipt for the latest message is enough: WhatsApp marks the earlier ones of the chat read with it. */
  async markRead(_chatId: string, wids: string[]): Promise<void> {
    const latest = wids.at(-1);
    if (!latest) return;
    const { graph, credentials } = this.#api();
    await this.#authChecked(graph.markRead(credentials.phoneNumberId, latest));
  }

  async downloadMedia(media: MediaRef): Promise<{ data: Buffer; mimetype: string; fileName?: string }> {
    const { graph } = this.#api();
    const file = await this.#authChecked(graph.downloadMedia(media.ref));
    return {
      data: file.data,
      mimetype: media.mimetype || file.mimetype || 'application/octet-stream',
      ...(media.fileName ? { fileName: media.fileName } : {}),
    };
  }

  /**
   * The Cloud API has no way to ask whether a number uses WhatsApp (the contacts endpoint was retired): every
   * number with digits is taken as existing, and a send to one that is not on WhatsApp comes back as a failed
   * status webhook instead.
   */
  async checkNumber(number: string): Promise<NumberCheck> {
    const digits = number.replace(/\D/g, '');
    return digits ? { exists: true, number: digits } : { exists: false };
  }

  async deleteForEveryone(): Promise<void> {
    throw notSupported('deleting a message for everyone');
  }

  async editMessage(): Promise<void> {
    throw notSupported('editing a sent message');
  }

  #restart(): number {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#failedChecks = 0;
    this.#epoch += 1;
    return this.#epoch;
  }

  #api(): { graph: GraphClient; credentials: CloudCredentials } {
    if (!this.#graph || !this.#credentials) {
      throw new ProviderError('the cloud connection has no complete credentials', false);
    }
    return { graph: this.#graph, credentials: this.#credentials };
  }

  /** Checks the token and phone number id; CONNECTED with our number, else the reason. */
  async #check(epoch: number): Promise<void> {
    if (!this.#graph || !this.#credentials) {
      await this.#emitState('DISCONNECTED', { reason: 'cloud credentials missing' });
      return;
    }
    try {
      const phone = await this.#graph.getPhoneNumber(this.#credentials.phoneNumberId);
      if (epoch !== this.#epoch) return;
      this.#failedChecks = 0;
      await this.#emitState('CONNECTED', { number: phone.displayPhoneNumber.replace(/\D/g, '') });
    } catch (error) {
      if (epoch !== this.#epoch) return;
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof ProviderError && !error.transient) {
        await this.#emitState('DISCONNECTED', { reason });
        return;
      }
      this.#failedChecks += 1;
      await this.#emitState(this.#failedChecks >= CHECKS_BEFORE_TIMEOUT ? 'TIMEOUT' : 'OPENING', { reason });
      this.#scheduleCheck(epoch);
    }
  }

  #scheduleCheck(epoch: number): void {
    const { baseMs, maxMs } = this.deps.retry ?? { baseMs: 2000, maxMs: 60_000 };
    const delay = Math.min(maxMs, baseMs * 2 ** (this.#failedChecks - 1));
    this.#timer = setTimeout(() => {
      if (epoch !== this.#epoch) return;
      this.#check(epoch).catch((error: unknown) => {
        this.context.hooks.log.error({ err: error }, 'cloud: credential check failed');
      });
    }, delay);
    this.#timer.unref();
  }

  /** A refused token shows on the connection at once, not only as failed messages. */
  async #authChecked<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      if (error instanceof GraphError && error.isAuthFailure) {
        this.#restart();
        await this.#emitState('DISCONNECTED', { reason: error.message }).catch(() => undefined);
      }
      throw error;
    }
  }

  async #message(
    graph: GraphClient,
    phoneNumberId: string,
    command: SendCommand,
  ): Promise<Record<string, unknown>> {
    const quoted = command.quoted?.wid;
    if (!command.media) {
      if (command.text === undefined) throw new ProviderError('nothing to send', false);
      return textMessage(command.to, command.text, quoted);
    }
    const media = command.media;
    const type = cloudMediaType(media);
    const data = await fs.readFile(media.path).catch((error: unknown) => {
      throw new ProviderError(
        `the file to send is gone: ${error instanceof Error ? error.message : ''}`,
        false,
      );
    });
    const mimetype = media.voiceNote ? 'audio/ogg' : baseMimetype(media.mimetype);
    const mediaId = await this.#authChecked(
      graph.uploadMedia(phoneNumberId, { data, mimetype, fileName: media.fileName }),
    );
    return mediaMessage(command.to, type, mediaId, media, quoted);
  }

  async #emitState(
    status: ConnectionStatus,
    extra: { number?: string; reason?: string } = {},
  ): Promise<void> {
    await this.context.hooks.emit({ type: 'connection.state', status, ...extra });
  }
}
