import { describe, expect, it } from 'vitest';
import { decideRatingReply } from './rating-decision';

const now = new Date('2026-11-23T12:00:00Z');
const asked = (hoursAgo: number, ratingAsks = 0) => ({
  awaitingRating: true,
  ratingAt: new Date(now.getTime() - hoursAgo * 3_600_000),
  ratingAsks,
});

describe('rating reply decisions (server-behaviour 7.6)', () => {
  it('rates 1, 2 or 3 (trimmed) within 24 hours', () => {
    expect(decideRatingReply(asked(1), ' 3 ', now)).toEqual({ kind: 'rate', rate: 3 });
    expect(decideRatingReply(asked(23.9), '1', now)).toEqual({ kind: 'rate', rate: 1 });
  });

  it('asks again twice, then abandons', () => {
    expect(decideRatingReply(asked(1, 0), '5', now)).toEqual({ kind: 'reask' });
    expect(decideRatingReply(asked(1, 1), 'ótimo', now)).toEqual({ kind: 'reask' });
    expect(decideRatingReply(asked(1, 2), '4', now)).toEqual({ kind: 'abandon' });
  });

  it('abandons on "#" or after 24 hours, and ignores cycles not awaiting a rating', () => {
    expect(decideRatingReply(asked(1), '#', now)).toEqual({ kind: 'abandon' });
    expect(decideRatingReply(asked(24), '2', now)).toEqual({ kind: 'abandon' });
    expect(decideRatingReply({ ...asked(1), awaitingRating: false }, '2', now)).toEqual({ kind: 'none' });
  });
});
