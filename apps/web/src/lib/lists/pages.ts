/** One page of a paged list answer, reduced to its records. */
export interface RecordPage<T> {
  records: T[];
  hasMore: boolean;
}

export interface WithId {
  id: number;
}

/** Every record of the loaded pages in order, each id once (a later page's copy wins). */
export function mergePages<T extends WithId>(pages: readonly RecordPage<T>[]): T[] {
  const byId = new Map<number, T>();
  for (const page of pages) for (const record of page.records) byId.set(record.id, record);
  return [...byId.values()];
}

/** Applies a live create/update: replaced where it is, else put at the top of the first page. */
export function upsertInPages<T extends WithId>(pages: readonly RecordPage<T>[], record: T): RecordPage<T>[] {
  const present = pages.some((page) => page.records.some((r) => r.id === record.id));
  if (present) {
    return pages.map((page) => ({
      ...page,
      records: page.records.map((r) => (r.id === record.id ? record : r)),
    }));
  }
  return pages.map((page, index) => (index === 0 ? { ...page, records: [record, ...page.records] } : page));
}

export function removeFromPages<T extends WithId>(
  pages: readonly RecordPage<T>[],
  id: number,
): RecordPage<T>[] {
  return pages.map((page) => ({ ...page, records: page.records.filter((r) => r.id !== id) }));
}

/** Search text as the lists send it (spec 2 section 5: lower-cased). */
export const searchText = (text: string): string => text.trim().toLowerCase();

/** Whether a scrolled box is within `threshold` px of its bottom (spec 2 section 9: 100 px). */
export function isNearBottom(
  box: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold = 100,
): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight < threshold;
}
