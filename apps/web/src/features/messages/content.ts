/** A location body: thumbnail, map link and an optional description separated by pipes (server-behaviour 6.3). */
export function parseLocation(body: string): { image: string; link: string; description: string } | null {
  const [image = '', link = '', ...rest] = body.split('|').map((part) => part.trim());
  if (!link.startsWith('http')) return null;
  return { image, link, description: rest.join('|').trim() };
}

/** The name (FN) and first number (TEL, preferring its waid) of a raw vCard. */
export function parseVCard(body: string): { name: string; number: string } {
  const lines = body.split(/\r?\n/);
  const name =
    lines
      .find((line) => line.startsWith('FN'))
      ?.split(':')
      .slice(1)
      .join(':')
      .trim() ?? '';
  const tel = lines.find((line) => line.includes('TEL')) ?? '';
  const waid = /waid=(\d+)/.exec(tel)?.[1];
  const number = waid ?? tel.split(':').slice(1).join(':').trim();
  return { name, number };
}
