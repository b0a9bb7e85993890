import {
  clientSchema,
  dailyPlanSchema,
  delegationContactSchema,
  noteItemSchema,
  noteListSchema,
  taskPageSchema,
  taskSchema,
  timeIncrementSchema,
  userSchema,
  type Client,
  type DailyPlan,
  type DelegationContact,
  type NoteItem,
  type NoteList,
  type Task,
  type TimeIncrement,
  type User,
} from '@daybook/shared';

/**
 * Test data as the api answers it, with defaults. Each fixture is parsed with the shared contract, so a
 * change to the contract breaks the tests that use it instead of leaving them on a shape the api no
 * longer sends.
 */

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const CREATED_AT = '2026-03-01T10:00:00.000Z';

export function makeTask(overrides: Partial<Task> & { id: string; title: string }): Task {
  return taskSchema.parse({
    description: null,
    clientId: null,
    priority: 'medium',
    status: 'todo',
    dueDate: null,
    dueTime: null,
    estimatedTime: null,
    isCompleted: false,
    isBacklog: false,
    isArchived: false,
    documentLinks: [],
    isRecurring: false,
    recurringType: null,
    recurringInterval: 1,
    lastRecurrenceDate: null,
    parentTaskId: null,
    isDelegated: false,
    delegatedToId: null,
    delegationNotes: null,
    sortOrder: 0,
    reminders: [],
    trackedSeconds: 0,
    createdAt: CREATED_AT,
    completedAt: null,
    ...overrides,
  });
}

/** A page of a task list. */
export const taskPage = (items: Task[], nextCursor: string | null = null) => taskPageSchema.parse({ items, nextCursor });

/** The signed-in user (GET /api/auth/user). */
export function makeUser(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    id: uuid(100),
    username: 'sam',
    email: null,
    emailVerified: false,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    role: 'user',
    timezone: 'America/New_York',
    enableDelegation: false,
    workingMinutes: [0, 480, 480, 480, 480, 480, 0],
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    ...overrides,
  });
}

export function makeClient(overrides: Partial<Client> & { id: string; name: string }): Client {
  return clientSchema.parse({ color: '#ef4444', aliases: [], sortOrder: 0, hourlyRateMinor: null, billable: true, createdAt: CREATED_AT, updatedAt: CREATED_AT, ...overrides });
}

export function makeContact(overrides: Partial<DelegationContact> & { id: string; name: string }): DelegationContact {
  return delegationContactSchema.parse({ sortOrder: 0, createdAt: CREATED_AT, updatedAt: CREATED_AT, ...overrides });
}

/** One of the user's time-estimate choices. */
export const makeIncrement = (increment: TimeIncrement): TimeIncrement => timeIncrementSchema.parse(increment);

/** Today's plan (GET /api/daily-plan): no priorities (or `priorityTasks`, in that order), reviewed, unless told otherwise. */
export function makeDailyPlan({ priorityTasks = [], ...overrides }: Partial<DailyPlan> = {}): DailyPlan {
  return dailyPlanSchema.parse({ date: '2026-03-04', priorityTaskIds: priorityTasks.map((task) => task.id), priorityTasks, reviewed: true, ...overrides });
}

/** A notes page (a note list). */
export function makeNoteList(overrides: Partial<NoteList> & { id: string; title: string }): NoteList {
  return noteListSchema.parse({ clientId: null, parentPageId: null, sortOrder: 0, createdAt: CREATED_AT, updatedAt: CREATED_AT, ...overrides });
}

export function makeNoteItem(overrides: Partial<NoteItem> & { id: string; noteListId: string; content: string }): NoteItem {
  return noteItemSchema.parse({ clientId: null, sortOrder: 0, createdAt: CREATED_AT, updatedAt: CREATED_AT, ...overrides });
}
