import { describe, expect, it } from 'vitest';
import { addTask, editTask, loadTasks, removeTask, saveTasks } from './taskStorage';

const monday = new Date('2026-03-02T10:00:00.000Z');
const tuesday = new Date('2026-03-03T11:30:00.000Z');

describe('local task list', () => {
  it('adds a task with its creation and update time', () => {
    expect(addTask([], '  Call the supplier ', monday)).toEqual([
      { text: 'Call the supplier', createdAt: monday.toISOString(), updatedAt: monday.toISOString() },
    ]);
  });

  it('ignores a task with empty or blank text', () => {
    const tasks = addTask([], 'First', monday);
    expect(addTask(tasks, '', tuesday)).toEqual(tasks);
    expect(addTask(tasks, '   ', tuesday)).toEqual(tasks);
  });

  it('edits the text and the update time, keeping the creation time', () => {
    const tasks = addTask(addTask([], 'First', monday), 'Second', monday);
    const edited = editTask(tasks, 1, 'Second, revised', tuesday);
    expect(edited[0]).toEqual(tasks[0]);
    expect(edited[1]).toEqual({
      text: 'Second, revised',
      createdAt: monday.toISOString(),
      updatedAt: tuesday.toISOString(),
    });
    expect(editTask(tasks, 1, '  ', tuesday)).toEqual(tasks);
  });

  it('deletes the chosen task only', () => {
    const tasks = ['a', 'b', 'c'].reduce(
      (list, text) => addTask(list, text, monday),
      addTask([], 'z', monday),
    );
    expect(removeTask(tasks, 1).map((task) => task.text)).toEqual(['z', 'b', 'c']);
  });

  it('keeps the list in localStorage under "tasks" and survives junk there', () => {
    const tasks = addTask([], 'Persisted', monday);
    saveTasks(tasks);
    expect(JSON.parse(window.localStorage.getItem('tasks') ?? 'null')).toEqual(tasks);
    expect(loadTasks()).toEqual(tasks);

    window.localStorage.setItem('tasks', '{not json');
    expect(loadTasks()).toEqual([]);
    window.localStorage.setItem('tasks', JSON.stringify([{ text: 1 }, ...tasks]));
    expect(loadTasks()).toEqual(tasks);
  });
});
