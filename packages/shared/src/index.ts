export * from './common';
export * from './csrf';
export * from './signed-in-hint';
export * from './users/users.schemas';
export * from './users/email-confirmation-link';
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
export * from './tasks/priority.schema';
export * from './tasks/task-status';
export * from './tasks/recurrence';
export * from './tasks/task-order';
export * from './tasks/task-sql';
export * from './tasks/task-due';
export * from './tasks/tasks.schemas';

export * from './clients/client-colors';
export * from './clients/client-order';
export * from './clients/clients.schemas';
export * from './clients/client-overview';

// billing (DECISIONS 31): money in minor units, rates, reports, billed periods
export * from './billing/money';
export * from './billing/billing-amounts';
export * from './billing/billing-periods';
export * from './billing/billing.schemas';

export * from './contacts/contacts.schemas';

export * from './time-increments/time-increments';
export * from './time-increments/time-increments.schemas';

export * from './notes/notes.schemas';

export * from './daily-plan/daily-plan.schemas';
export * from './daily-plan/daily-priorities';

// working hours, capacity and the Friday shutdown (DECISIONS 34)
export * from './planning/day-capacity';
export * from './planning/working-hours';
export * from './planning/capacity';
export * from './planning/shutdown';
export * from './planning/planning.schemas';

export * from './capture/capture.schemas';

export * from './notifications/reminders';
export * from './notifications/channels';

export * from './api-tokens/api-tokens';
// sessions and the audit log (DECISIONS 48)
export * from './account-security/account-security';
// a second factor (DECISIONS 47): authenticator apps, recovery codes, passkeys
export * from './second-factor/second-factor.schemas';
export * from './calendar-feed/calendar-feed';

export * from './time-entries/time-entries.schemas';
export * from './time-entries/time-tracking';
export * from './task-shares/task-shares';

export * from './ai/ai.schemas';
export * from './jobs/jobs';

export * from './data-transfer/data-transfer.schemas';
