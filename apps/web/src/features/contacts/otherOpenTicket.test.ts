import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/ApiError';
import { otherOpenTicket } from './otherOpenTicket';

const ticket = {
  id: 7,
  uuid: 'abc-123',
  status: 'open',
  userId: 3,
  user: { id: 3, name: 'Ana' },
  queue: { id: 2, name: 'Sales' },
};

describe('otherOpenTicket', () => {
  it('reads the holder from the error body', () => {
    const error = new ApiError(400, 'ERR_OTHER_OPEN_TICKET', {
      error: 'ERR_OTHER_OPEN_TICKET',
      message: 'x',
      ticket,
    });
    expect(otherOpenTicket(error)).toEqual(ticket);
  });

  it('accepts a holder without user or queue', () => {
    const body = {
      error: 'ERR_OTHER_OPEN_TICKET',
      ticket: { ...ticket, userId: null, user: null, queue: null },
    };
    expect(otherOpenTicket(new ApiError(400, 'ERR_OTHER_OPEN_TICKET', body))?.user).toBeNull();
  });

  it('is null for other errors, bodies without a ticket, or malformed tickets', () => {
    expect(
      otherOpenTicket(new ApiError(400, 'ERR_NO_PERMISSION', { error: 'ERR_NO_PERMISSION', ticket })),
    ).toBeNull();
    expect(
      otherOpenTicket(new ApiError(400, 'ERR_OTHER_OPEN_TICKET', { error: 'ERR_OTHER_OPEN_TICKET' })),
    ).toBeNull();
    expect(otherOpenTicket(new ApiError(400, 'ERR_OTHER_OPEN_TICKET', 'text'))).toBeNull();
    expect(otherOpenTicket(new ApiError(400, 'ERR_OTHER_OPEN_TICKET', { ticket: { id: 'x' } }))).toBeNull();
    expect(otherOpenTicket(new Error('boom'))).toBeNull();
  });
});
