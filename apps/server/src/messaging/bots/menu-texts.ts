/** The fixed texts and layouts of the queue bot (server-behaviour 7.4 and 7.5). */
export const INVALID_OPTION = 'Opção inválida, escolha uma das opções abaixo.';
export const BACK_LINE = '*[ 0 ]* - Voltar';
export const MAIN_MENU_LINE = '*[ # ]* - Menu inicial';

/** A heading (possibly empty) followed by its lines, separated by a blank line. */
export function block(heading: string, lines: string[]): string {
  return [heading.trim(), lines.join('\n')].filter((part) => part !== '').join('\n\n');
}

/** Connection greeting + one `*[ n ]* - {queue}` line per queue, numbered from 1. */
export function mainMenuText(greeting: string, queueNames: string[], invalid: boolean): string {
  const menu = block(
    greeting,
    queueNames.map((name, i) => `*[ ${i + 1} ]* - ${name}`),
  );
  return invalid ? `${INVALID_OPTION}\n\n${menu}` : menu;
}

export interface OptionLine {
  option: string;
  title: string;
}

/** A queue's root menu: its greeting, its first-level options and the way back to the main menu. */
export function rootMenuText(queueGreeting: string, options: OptionLine[]): string {
  return block(queueGreeting, [...options.map(optionLine), MAIN_MENU_LINE]);
}

/** An option with children: its message, the children, and the ways back. */
export function optionMenuText(message: string, children: OptionLine[]): string {
  return block(message, [...children.map(optionLine), BACK_LINE, MAIN_MENU_LINE]);
}

/** A closed queue picked from the main menu: its out-of-hours text and the way back. */
export function closedQueueText(outOfHoursMessage: string): string {
  return block(outOfHoursMessage, [MAIN_MENU_LINE]);
}

function optionLine(o: OptionLine): string {
  return `*[ ${o.option} ]* - ${o.title}`;
}
