/** Contact names shown in narrow rows (under 600 px) are cut to 10 characters. */
export const NARROW_NAME_LENGTH = 10;

export function shortName(name: string): string {
  return name.length > NARROW_NAME_LENGTH ? `${name.slice(0, NARROW_NAME_LENGTH)}…` : name;
}
