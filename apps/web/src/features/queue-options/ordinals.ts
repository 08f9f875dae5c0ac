/** What renumbering needs of an option: its id and its ordinal (stored as text). */
export interface Ordinal {
  id: number;
  option: string;
}

const ordinalValue = (option: string): number => {
  const value = Number(option);
  return Number.isFinite(value) ? value : Number.POSITIVE_INFINITY;
};

/** Siblings in menu order: by numeric ordinal, then id (the server stores ordinals as text). */
export function sortByOrdinal<T extends Ordinal>(siblings: readonly T[]): T[] {
  return [...siblings].sort((a, b) => ordinalValue(a.option) - ordinalValue(b.option) || a.id - b.id);
}

/** The ordinal of an option added at the end of a level: its 1-based position. */
export const nextOrdinal = (siblings: readonly Ordinal[]): string => String(siblings.length + 1);

/**
 * After deleting one option, every remaining sibling takes its 1-based position as ordinal. Answers only the
 * siblings whose ordinal changes: those are the ones to save.
 */
export function renumberAfterDelete(siblings: readonly Ordinal[], deletedId: number): Ordinal[] {
  return sortByOrdinal(siblings)
    .filter((sibling) => sibling.id !== deletedId)
    .map((sibling, index) => ({ id: sibling.id, option: String(index + 1), before: sibling.option }))
    .filter((sibling) => sibling.option !== sibling.before)
    .map(({ id, option }) => ({ id, option }));
}
