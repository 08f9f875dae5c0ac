/** The rating state of a ticket's latest cycle (server-behaviour 7.6). */
export interface RatingState {
  awaitingRating: boolean;
  ratingAt: Date | null;
  /** Re-asks already sent after invalid replies. */
  ratingAsks: number;
}

export type RatingDecision =
  | { kind: 'none' }
  | { kind: 'rate'; rate: 1 | 2 | 3 }
  | { kind: 'reask' }
  /** The rating is given up; the message is a new conversation. */
  | { kind: 'abandon' };

export const RATING_WINDOW_MS = 24 * 60 * 60_000;
export const MAX_RATING_REASKS = 2;

/** Server-behaviour 7.6: what a customer's message does to a pending rating. */
export function decideRatingReply(state: RatingState, body: string, now: Date): RatingDecision {
  if (!state.awaitingRating || state.ratingAt === null) return { kind: 'none' };
  const text = body.trim();
  if (now.getTime() - state.ratingAt.getTime() >= RATING_WINDOW_MS || text === '#')
    return { kind: 'abandon' };
  if (text === '1' || text === '2' || text === '3') return { kind: 'rate', rate: Number(text) as 1 | 2 | 3 };
  return state.ratingAsks >= MAX_RATING_REASKS ? { kind: 'abandon' } : { kind: 'reask' };
}
