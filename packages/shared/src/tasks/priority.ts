// No zod here: the dashboard's first paint reads these rules, and its schema lives in priority.schema.ts.
export const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = 'medium';

const RANK: Record<Priority, number> = { urgent: 4, high: 3, medium: 2, low: 1 };

export const isPriority = (value: unknown): value is Priority => (PRIORITIES as readonly unknown[]).includes(value);

/** urgent 4, high 3, medium 2, low 1; a missing or unknown priority counts as 1 (spec §4). */
export function priorityRank(priority: string | null | undefined): number {
  return isPriority(priority) ? RANK[priority] : 1;
}

export const PRIORITY_LABELS: Record<Priority, string> = {
  low: 'Low Priority',
  medium: 'Medium Priority',
  high: 'High Priority',
  urgent: 'Urgent',
};

/** The badge text; any other value shows as 'None' (spec §4). */
export function priorityLabel(priority: string | null | undefined): string {
  return isPriority(priority) ? PRIORITY_LABELS[priority] : 'None';
}
