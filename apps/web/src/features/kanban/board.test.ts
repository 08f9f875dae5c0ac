import { describe, expect, it } from 'vitest';
import type { TagView, TicketView } from '@zapdesk/contracts';
import { groupByLane, movedTicket, OPEN_LANE } from './board';

const lane = (id: number, name: string): TagView => ({
  id,
  name,
  color: '#123456',
  kanban: 1,
  userId: null,
  ticketsCount: 0,
  createdAt: '',
  updatedAt: '',
});
const ticket = (id: number, tags: Array<{ id: number; name: string }>) =>
  ({ id, tags: tags.map((t) => ({ ...t, color: '#000000' })) }) as unknown as TicketView;

describe('kanban board', () => {
  const lanes = [lane(1, 'Contato'), lane(2, 'Proposta')];

  it('puts tickets without a lane tag in "open" and the others in their lane', () => {
    const groups = groupByLane(
      [ticket(10, []), ticket(11, [{ id: 9, name: 'VIP' }]), ticket(12, [{ id: 2, name: 'Proposta' }])],
      lanes,
    );
    expect(groups.get(OPEN_LANE)?.map((t) => t.id)).toEqual([10, 11]);
    expect(groups.get(1)).toEqual([]);
    expect(groups.get(2)?.map((t) => t.id)).toEqual([12]);
  });

  it('moves a card by swapping its lane tag and keeping the others', () => {
    const card = ticket(10, [
      { id: 1, name: 'Contato' },
      { id: 9, name: 'VIP' },
    ]);
    expect(movedTicket(card, 2, lanes).tags.map((t) => t.id)).toEqual([9, 2]);
    expect(movedTicket(card, OPEN_LANE, lanes).tags.map((t) => t.id)).toEqual([9]);
  });
});
