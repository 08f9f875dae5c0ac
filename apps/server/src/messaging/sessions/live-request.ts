import { z } from 'zod';
import { ProviderError, type NumberCheck, type ProviderSession } from '../providers';

/** Operations that need a connection's live session; they run on the node that owns it. */
export const LiveRequest = z.discriminatedUnion('op', [
  z.object({ op: z.literal('checkNumber'), number: z.string() }),
  z.object({ op: z.literal('deleteForEveryone'), chatId: z.string(), wid: z.string(), fromMe: z.boolean() }),
  z.object({ op: z.literal('profilePictureUrl'), chatId: z.string() }),
]);
export type LiveRequest = z.infer<typeof LiveRequest>;

/** What each operation answers (JSON, so it crosses nodes in a row). */
export interface LiveAnswers {
  checkNumber: NumberCheck;
  deleteForEveryone: null;
  /** null: no picture, or the provider offers none. */
  profilePictureUrl: string | null;
}

export type LiveAnswer<R extends LiveRequest> = LiveAnswers[R['op']];

/** Runs one operation on a live session; provider failures come out as ProviderError. */
export async function runLiveRequest<R extends LiveRequest>(
  session: ProviderSession,
  request: R,
): Promise<LiveAnswer<R>> {
  return (await run(session, request)) as LiveAnswer<R>;
}

async function run(session: ProviderSession, request: LiveRequest): Promise<LiveAnswers[LiveRequest['op']]> {
  switch (request.op) {
    case 'checkNumber':
      return session.checkNumber(request.number);
    case 'deleteForEveryone':
      await session.deleteForEveryone(request.chatId, request.wid, request.fromMe);
      return null;
    case 'profilePictureUrl':
      return session.profilePictureUrl ? session.profilePictureUrl(request.chatId) : null;
  }
}

/** A failure as it is stored for the asking node: readable text and whether a retry may pass. */
export function describeFailure(error: unknown): { error: string; transient: boolean } {
  if (error instanceof ProviderError) return { error: error.message, transient: error.transient };
  return { error: error instanceof Error ? error.message : String(error), transient: true };
}
