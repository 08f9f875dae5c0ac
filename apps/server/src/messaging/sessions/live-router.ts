import type { FastifyBaseLogger as Logger } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import type { Scopes, TenantScope } from '../../platform/tenancy';
import { ProviderError, type ProviderSession } from '../providers';
import type { ConnectionRef } from './connections.repository';
import { sessionResource, type LeaseManager } from './lease-manager';
import { describeFailure, LiveRequest, runLiveRequest, type LiveAnswer } from './live-request';
import {
  answerRequest,
  dropRequest,
  postRequest,
  readOutcome,
  takeRequests,
  type RequestOutcome,
  type TakenRequest,
} from './session-requests.repository';

export interface LiveRouterDeps {
  scopes: Scopes;
  leases: LeaseManager;
  /** The connection's live session when this node owns it. */
  local(whatsappId: number): ProviderSession | undefined;
  /** How long an asker waits for the owner's answer. */
  timeoutMs: number;
  log: Logger;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs operations that need a connection's live session wherever that session lives. Here when this node
 * owns it; otherwise the request goes in a `session_requests` row, the owner (woken by NOTIFY, or at its
 * next poll) answers in the row, and the asker reads the answer. No owner → ERR_WAPP_NOT_INITIALIZED at
 * once; no answer within the timeout → ERR_WAPP_SESSION_TIMEOUT. Provider failures arrive as ProviderError
 * on either path, so callers map them the same way.
 */
export class LiveRouter {
  constructor(private readonly deps: LiveRouterDeps) {}

  async call<R extends LiveRequest>(
    companyId: number,
    whatsappId: number,
    request: R,
  ): Promise<LiveAnswer<R>> {
    const session = this.deps.local(whatsappId);
    if (session) return runLiveRequest(session, request);
    const owner = await this.deps.leases.holder(sessionResource(whatsappId));
    if (!owner || owner === this.deps.leases.owner) {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not running on any node');
    }
    const scope = this.deps.scopes.tenant(companyId);
    const id = await postRequest(scope, whatsappId, request);
    try {
      const outcome = await this.#answerOf(scope, id);
      if (outcome.status === 'failed') throw new ProviderError(outcome.error, outcome.transient);
      return outcome.answer as LiveAnswer<R>;
    } finally {
      await dropRequest(scope, id).catch((error: unknown) =>
        this.deps.log.warn({ err: error, requestId: id }, 'session request not dropped'),
      );
    }
  }

  /** The owner's side: runs the waiting requests of these connections on their sessions here. */
  async serve(refs: ConnectionRef[]): Promise<void> {
    const taken = await takeRequests(this.deps.scopes, refs);
    await Promise.all(
      taken.map(async (request) => {
        const outcome = await this.#run(request);
        await answerRequest(this.deps.scopes, request.id, outcome).catch((error: unknown) =>
          this.deps.log.error({ err: error, requestId: request.id }, 'session request not answered'),
        );
      }),
    );
  }

  async #run(taken: TakenRequest): Promise<Exclude<RequestOutcome, { status: 'pending' }>> {
    const parsed = LiveRequest.safeParse(taken.request);
    if (!parsed.success) return { status: 'failed', error: 'unknown session request', transient: false };
    const session = this.deps.local(taken.whatsappId);
    if (!session) return { status: 'failed', error: 'the session is not live on its owner', transient: true };
    try {
      return { status: 'done', answer: await runLiveRequest(session, parsed.data) };
    } catch (error) {
      return { status: 'failed', ...describeFailure(error) };
    }
  }

  async #answerOf(scope: TenantScope, id: number): Promise<Exclude<RequestOutcome, { status: 'pending' }>> {
    const deadline = Date.now() + this.deps.timeoutMs;
    for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
      const outcome = await readOutcome(scope, id);
      if (outcome.status !== 'pending') return outcome;
      if (Date.now() >= deadline) {
        throw new AppError(
          'ERR_WAPP_SESSION_TIMEOUT',
          'The node running the connection did not answer in time',
        );
      }
      await pause(Math.min(wait, Math.max(0, deadline - Date.now())));
    }
  }
}
