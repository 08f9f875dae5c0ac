import { defaultQueueSchedules, QueueInput, type QueueView, type ScheduleEntry } from '@zapdesk/contracts';
import { contractResolver } from './formResolver';

/** The queue dialog's fields as the inputs hold them; `QueueInput` turns them into the API body. */
export interface QueueFormValues {
  name: string;
  color: string;
  /** Text of a number input; "" means no order. */
  orderQueue: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  /** Select values; "" is the "none" option. */
  integrationId: string;
  promptId: string;
  schedules: ScheduleEntry[];
}

/** Every weekday once, in the default week's order, taking the queue's hours where it has them. */
function weekOf(schedules: readonly ScheduleEntry[]): ScheduleEntry[] {
  return defaultQueueSchedules.map(
    (day) => schedules.find((entry) => entry.weekdayEn === day.weekdayEn) ?? { ...day },
  );
}

export function queueFormValues(queue?: QueueView): QueueFormValues {
  return {
    name: queue?.name ?? '',
    color: queue?.color ?? '',
    orderQueue: queue?.orderQueue === null || queue?.orderQueue === undefined ? '' : String(queue.orderQueue),
    greetingMessage: queue?.greetingMessage ?? '',
    outOfHoursMessage: queue?.outOfHoursMessage ?? '',
    integrationId: queue?.integrationId ? String(queue.integrationId) : '',
    promptId: queue?.promptId ? String(queue.promptId) : '',
    schedules: weekOf(queue?.schedules ?? []),
  };
}

/** Validates what the inputs hold and turns it into the API body (the contract's rules and texts). */
export const queueFormResolver = contractResolver<QueueFormValues, typeof QueueInput>(QueueInput);
