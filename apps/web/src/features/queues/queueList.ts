import type { QueueView } from '@zapdesk/contracts';

/** The server's order: orderQueue (queues without one last), then name in any case. */
export function sortQueues(queues: readonly QueueView[]): QueueView[] {
  return [...queues].sort((a, b) => {
    const orderA = a.orderQueue ?? Number.POSITIVE_INFINITY;
    const orderB = b.orderQueue ?? Number.POSITIVE_INFINITY;
    if (orderA !== orderB) return orderA < orderB ? -1 : 1;
    return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  });
}

export function upsertQueue(queues: readonly QueueView[], queue: QueueView): QueueView[] {
  return sortQueues([...queues.filter((q) => q.id !== queue.id), queue]);
}

export function removeQueue(queues: readonly QueueView[], id: number): QueueView[] {
  return queues.filter((q) => q.id !== id);
}
