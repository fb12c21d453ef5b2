import { tasksSchema, type Task } from '../tasks/task';
import { stringParser } from '../validation/parsers';
import { createLocalStore } from './local-store';

const NO_TASKS: Task[] = [];

/** Spec §3 Task list (key tasks). Invalid items are dropped on read and their original kept aside. */
export const tasksStore = createLocalStore<Task[]>({ key: 'tasks', schema: tasksSchema, fallback: NO_TASKS });

/** Spec §3 Notes (key notes): free text. */
export const notesStore = createLocalStore<string>({ key: 'notes', schema: stringParser, fallback: '' });
