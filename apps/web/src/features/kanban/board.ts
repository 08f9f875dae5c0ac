import type { TagView, TicketView } from '@zapdesk/contracts';

/** The lane of tickets without a kanban tag (spec 2 section 2: "open"). */
export const OPEN_LANE = 'open';
export type LaneId = typeof OPEN_LANE | number;

/** A card's lane: its first tag that is a lane, else "open". */
export function laneOf(ticket: TicketView, laneIds: ReadonlySet<number>): LaneId {
  return ticket.tags.find((tag) => laneIds.has(tag.id))?.id ?? OPEN_LANE;
}

/** The cards of each lane, in the order loaded (newest activity first). */
export function groupByLane(tickets: TicketView[], lanes: TagView[]): Map<LaneId, TicketView[]> {
  const laneIds = new Set(lanes.map((lane) => lane.id));
  const groups = new Map<LaneId, TicketView[]>([[OPEN_LANE, []]]);
  for (const lane of lanes) groups.set(lane.id, []);
  for (const ticket of tickets) groups.get(laneOf(ticket, laneIds))?.push(ticket);
  return groups;
}

/**
 * The card as a move leaves it (spec 2 section 4): its lane tags go, the target lane's tag comes; its other tags
 * stay.
 */
export function movedTicket(ticket: TicketView, target: LaneId, lanes: TagView[]): TicketView {
  const laneIds = new Set(lanes.map((lane) => lane.id));
  const kept = ticket.tags.filter((tag) => !laneIds.has(tag.id));
  const lane = target === OPEN_LANE ? undefined : lanes.find((l) => l.id === target);
  return { ...ticket, tags: lane ? [...kept, { id: lane.id, name: lane.name, color: lane.color }] : kept };
}

/** Whether a ticket belongs on the board (pending and open ones do). */
export const onBoard = (ticket: TicketView): boolean =>
  ticket.status === 'pending' || ticket.status === 'open';
