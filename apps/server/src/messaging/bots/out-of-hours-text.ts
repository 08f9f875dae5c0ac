import type { HoursEntry } from './service-hours';

/** The queue bot speaks Portuguese (its fixed lines in menu-texts.ts); the default follows it. */
const weekdayNames: Record<string, string> = {
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
  sunday: 'Domingo',
};
const weekOrder = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * The text a closed queue answers with. An admin who gave the queue hours but left its out-of-hours text empty
 * would otherwise leave the customer with a bare "Menu inicial" line (issue 23 item 1): the default says the
 * queue is closed and when it opens, read from the same hours the bot used to decide it is closed.
 */
export function outOfHoursText(message: string, queueName: string, hours: HoursEntry[]): string {
  if (message.trim() !== '') return message;
  const lines = weekOrder.map((day) => `${weekdayNames[day] ?? day}: ${dayHours(hours, day)}`);
  return `O atendimento de ${queueName} está fechado agora.\nHorário de atendimento:\n${lines.join('\n')}`;
}

/** Mirrors isWithinHours: no entry or empty times → all day; start = end → closed. */
function dayHours(hours: HoursEntry[], day: string): string {
  const entry = hours.find((e) => e.weekdayEn === day);
  if (!entry || entry.startTime === '' || entry.endTime === '') return '24 horas';
  if (entry.startTime === entry.endTime) return 'fechado';
  return `${entry.startTime} às ${entry.endTime}`;
}
