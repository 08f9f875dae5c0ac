import { useCallback, useState } from 'react';
import { addTask, editTask, loadTasks, removeTask, saveTasks, type Task } from './taskStorage';

/** The task list, saved to localStorage after every change. */
export function useTasks() {
  const [tasks, setTasks] = useState<Task[]>(loadTasks);

  const apply = useCallback((change: (current: Task[]) => Task[]) => {
    setTasks((current) => {
      const next = change(current);
      saveTasks(next);
      return next;
    });
  }, []);

  return {
    tasks,
    add: (text: string) => apply((current) => addTask(current, text)),
    edit: (index: number, text: string) => apply((current) => editTask(current, index, text)),
    remove: (index: number) => apply((current) => removeTask(current, index)),
  };
}
