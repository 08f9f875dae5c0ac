import { readItem, storageKeys, writeItem } from '../../lib/session/storage';

/** A local task (spec 1 section 3): kept in this browser only, under `tasks`. */
export interface Task {
  text: string;
  createdAt: string;
  updatedAt: string;
}

const isTask = (value: unknown): value is Task =>
  typeof value === 'object' &&
  value !== null &&
  'text' in value &&
  typeof value.text === 'string' &&
  'createdAt' in value &&
  typeof value.createdAt === 'string' &&
  'updatedAt' in value &&
  typeof value.updatedAt === 'string';

export function loadTasks(): Task[] {
  const raw = readItem(storageKeys.tasks);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isTask) : [];
  } catch {
    return [];
  }
}

export function saveTasks(tasks: readonly Task[]): void {
  writeItem(storageKeys.tasks, JSON.stringify(tasks));
}

/** Adds a task at the end; empty or blank text is ignored (spec 1 section 5). */
export function addTask(tasks: readonly Task[], text: string, now: Date = new Date()): Task[] {
  const trimmed = text.trim();
  if (!trimmed) return [...tasks];
  const stamp = now.toISOString();
  return [...tasks, { text: trimmed, createdAt: stamp, updatedAt: stamp }];
}

/** Replaces a task's text and its updatedAt; blank text leaves the task as it was. */
export function editTask(
  tasks: readonly Task[],
  index: number,
  text: string,
  now: Date = new Date(),
): Task[] {
  const trimmed = text.trim();
  return tasks.map((task, i) =>
    i === index && trimmed ? { ...task, text: trimmed, updatedAt: now.toISOString() } : task,
  );
}

export function removeTask(tasks: readonly Task[], index: number): Task[] {
  return tasks.filter((_, i) => i !== index);
}
