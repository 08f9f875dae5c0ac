/** Greeting by local hour (server-behaviour 1.9). */
export function greetingFor(hour: number): string {
  if (hour < 6) return 'Boa madrugada';
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

interface LocalParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The wall-clock parts of `at` in a time zone, zero-padded, on a 00–23 clock. */
export function localParts(timeZone: string, at: Date): LocalParts {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The variables every outgoing text may use: name, firstName, ms, protocol, hora. */
export function messageVariables(input: {
  contactName: string;
  ticketId: number;
  timeZone: string;
  at?: Date;
}): Record<string, string> {
  const t = localParts(input.timeZone, input.at ?? new Date());
  const name = input.contactName.trim();
  return {
    name,
    firstName: name.split(/\s+/)[0] ?? '',
    ms: greetingFor(Number(t.hour)),
    protocol: `${t.year}${t.month}${t.day}${t.hour}${t.minute}${t.second}${input.ticketId}`,
    hora: `${t.hour}:${t.minute}:${t.second}`,
  };
}

/**
 * Renders `{{variable}}` (and `{{{variable}}}`) like Mustache without HTML escaping; unknown variables become
 * empty (server-behaviour 1.9). Nothing else of Mustache is needed by the product's texts.
 */
export function renderTemplate(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{(\{?)\s*([\w.]+)\s*\}?\}\}/g, (_match, _triple: string, key: string) =>
    Object.hasOwn(variables, key) ? (variables[key] ?? '') : '',
  );
}
