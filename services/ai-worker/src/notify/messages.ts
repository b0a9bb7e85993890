import { addDays, formatShortDate, localDate, localTime, weekdayNameOf, type NotificationPayload } from '@daybook/shared';
import type { DigestFacts, ReminderTask, ShareResponseNotice } from './store';

/** "today", "tomorrow", "Friday" (within a week) or "Dec 3", seen from `today`. */
function dayPhrase(date: string, today: string): string {
  if (date === today) return 'today';
  if (date === addDays(today, 1)) return 'tomorrow';
  if (date === addDays(today, -1)) return 'yesterday';
  if (date > today && date < addDays(today, 7)) return weekdayNameOf(date);
  return formatShortDate(date);
}

/**
 * A task's reminder: its title, and when it is due with its client ("Due today at 15:00 · Acme"). A
 * reminder sent late says when it was meant to arrive.
 */
export function reminderMessage(
  task: ReminderTask,
  reminder: { id: string; taskId: string; fireAt: Date; late: boolean; snoozed: boolean },
  now: Date,
  timeZone: string,
): NotificationPayload {
  const today = localDate(now, timeZone);
  const due = task.dueDate ? `Due ${dayPhrase(task.dueDate, today)}${task.dueTime ? ` at ${task.dueTime}` : ''}` : reminder.snoozed ? 'Snoozed reminder' : 'Reminder';
  const parts = [due, task.clientName].filter((part): part is string => Boolean(part));
  const lateNote = reminder.late ? ` (sent late: it was set for ${dayPhrase(localDate(reminder.fireAt, timeZone), today)} at ${localTime(reminder.fireAt, timeZone)})` : '';
  return {
    kind: 'reminder',
    title: task.title,
    body: `${parts.join(' · ')}${lateNote}`,
    taskId: reminder.taskId,
    reminderId: reminder.id,
    late: reminder.late,
    url: `/?task=${reminder.taskId}`,
  };
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** The morning digest; null on a day with nothing to say. */
export function digestMessage(facts: DigestFacts, reminderId: string, late: boolean): NotificationPayload | null {
  if (facts.dueTodayCount === 0 && facts.overdueCount === 0 && facts.top.length === 0) return null;
  const headline = [`${plural(facts.dueTodayCount, 'task')} today`, facts.overdueCount > 0 ? `${facts.overdueCount} overdue` : null].filter(Boolean).join(', ');
  const lines: string[] = [];
  if (facts.top.length > 0) lines.push(`Top 3: ${facts.top.join(' · ')}`);
  for (const task of facts.dueToday) lines.push(`• ${task.dueTime ? `${task.dueTime} ` : ''}${task.title}`);
  const more = facts.dueTodayCount - facts.dueToday.length;
  if (more > 0) lines.push(`…and ${more} more`);
  if (facts.overdueCount > 0) lines.push(`${plural(facts.overdueCount, 'overdue task')} to review`);
  return { kind: 'digest', title: `Your day: ${headline}`, body: lines.join('\n'), taskId: null, reminderId, late, url: '/' };
}

/**
 * A contact's response through a task's shared link (DECISIONS 33): the title names the contact and the
 * task; the body says what they sent. The link opens the task, where a proposed date is accepted.
 */
export function shareResponseMessage(response: ShareResponseNotice, reminderId: string, late: boolean): NotificationPayload {
  const task = `“${response.taskTitle}”`;
  let title: string;
  let body: string;
  if (response.kind === 'done') {
    title = `${response.contactName} marked ${task} done`;
    body = 'They completed it from the link you shared.';
  } else if (response.kind === 'proposal') {
    const date = response.proposedDate ? `${weekdayNameOf(response.proposedDate)}, ${formatShortDate(response.proposedDate)}` : 'another date';
    title = `${response.contactName} proposes a new date for ${task}`;
    body = [`${date}${response.proposedTime ? ` at ${response.proposedTime}` : ''}`, response.text, 'Open the task to accept it.'].filter(Boolean).join('\n');
  } else {
    title = `${response.contactName} commented on ${task}`;
    body = response.text ?? '';
  }
  return { kind: 'share', title, body, taskId: response.taskId, reminderId, late, url: `/?task=${response.taskId}` };
}

/** What "Send test" sends. */
export const testMessage = (): NotificationPayload => ({
  kind: 'test',
  title: 'Daybook test notification',
  body: 'Reminders and the morning digest will arrive here.',
  taskId: null,
  reminderId: null,
  late: false,
  url: '/',
});
