export * from './common';
export * from './users/users.schemas';
export * from './fields';
export * from './quotas';

// time (DECISIONS 1-2): calendar dates, times of day, the user's zone
export * from './time/calendar-date';
export * from './time/time-of-day';
export * from './time/time.schemas';
export * from './time/zone';
export * from './time/weekend';
export * from './time/overdue';
export * from './time/due-label';
export * from './time/calendar-week';

export * from './estimates/estimate';

export * from './tasks/priority';
export * from './tasks/task-status';
export * from './tasks/recurrence';
export * from './tasks/task-order';
export * from './tasks/task-due';
export * from './tasks/tasks.schemas';

export * from './clients/client-colors';
export * from './clients/client-order';
export * from './clients/clients.schemas';

export * from './contacts/contacts.schemas';

export * from './time-increments/time-increments';
export * from './time-increments/time-increments.schemas';

export * from './notes/notes.schemas';

export * from './daily-plan/daily-plan.schemas';
export * from './daily-plan/daily-priorities';

export * from './capture/capture.schemas';

export * from './notifications/reminders';
export * from './notifications/channels';

export * from './api-tokens/api-tokens';
export * from './calendar-feed/calendar-feed';

export * from './ai/ai.schemas';
export * from './ai/queue';

export * from './data-transfer/data-transfer.schemas';
