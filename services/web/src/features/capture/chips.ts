import {
  addDays,
  DEFAULT_CLIENT_COLOR,
  DEFAULT_PRIORITY,
  estimateChoiceLabel,
  formatShortDate,
  formatShortMonthDay,
  PRIORITY_LABELS,
  reminderKey,
  todayIn,
  weekdayNameOf,
  type Client,
  type ReminderSpec,
  type StructuredTask,
  type TimeIncrementChoice,
} from '@daybook/shared';
import type { Piece } from '@daybook/nl';
import { formatTimeOfDay, recurrenceLabel, reminderLabel } from '../../lib/format';
import { piecesFor, type ProposalPart, type ShownProposal } from './proposals';

/** The fields a chip shows. */
export type ChipField = Extract<ProposalPart, 'when' | 'repeat' | 'reminder' | 'priority' | 'client' | 'estimate'>;

/** How each chip's field is named to a screen reader ('Remove Due: Tomorrow 3:00 PM'). */
export const CHIP_FIELD_NAMES: Record<ChipField, string> = { when: 'Due', repeat: 'Repeat', reminder: 'Reminder', priority: 'Priority', client: 'Client', estimate: 'Estimate' };

export interface ChipModel {
  field: ChipField;
  label: string;
  /** The words it was read from: its × gives them back to the title (none: the value was derived, no ×). */
  pieces: Piece[];
  /** The model read it differently from the rules. */
  changedByModel: boolean;
  /** A client's colour. */
  color?: string;
}

export interface ChipContext {
  now: Date;
  timeZone: string;
  clients: readonly Client[];
  timeIncrements: readonly TimeIncrementChoice[];
}

/**
 * A due date and time in words, from the user's today: 'Today', 'Tomorrow 3:00 PM', 'Fri, Nov 28',
 * 'Mon, Jan 4, 2027' (another year).
 */
export function whenLabel(dueDate: string, dueTime: string | null, now: Date, timeZone: string): string {
  const today = todayIn(now, timeZone);
  const day =
    dueDate === today
      ? 'Today'
      : dueDate === addDays(today, 1)
        ? 'Tomorrow'
        : `${weekdayNameOf(dueDate).slice(0, 3)}, ${dueDate.slice(0, 4) === today.slice(0, 4) ? formatShortMonthDay(dueDate) : formatShortDate(dueDate)}`;
  return dueTime ? `${day} ${formatTimeOfDay(dueTime)}` : day;
}

/**
 * A reminder in words, as the rest of the app names it (lib/format `reminderLabel`) after "Remind":
 * 'Remind 30 min before', 'Remind at due time', 'Remind on the day at 08:00', 'Remind day before at 18:00'.
 */
export function reminderChipLabel(spec: ReminderSpec, timeZone: string): string {
  const label = reminderLabel(spec, timeZone);
  return `Remind ${/^(?:At|On|Day)\b/u.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label}`;
}

const repeatOf = (task: StructuredTask) => (task.isRecurring && task.recurringType ? recurrenceLabel(task.recurringType, task.recurringInterval) : null);

/** The chips of one proposal, in a fixed order: when, repeat, each reminder, priority, client, estimate. */
export function chipsOf(item: ShownProposal, context: ChipContext): ChipModel[] {
  const { task, proposal, changedByModel } = item;
  const chips: ChipModel[] = [];
  const add = (field: ChipField, label: string, pieces: Piece[], color?: string) =>
    chips.push({ field, label, pieces, changedByModel: changedByModel.has(field), ...(color ? { color } : {}) });

  if (task.dueDate) add('when', whenLabel(task.dueDate, task.dueTime, context.now, context.timeZone), piecesFor(proposal, ['date', 'time']));
  const repeat = repeatOf(task);
  if (repeat) add('repeat', repeat, piecesFor(proposal, ['recurrence']));
  // One chip per reminder, with the words that asked for it (none when the model added it).
  const reminderPieces = piecesFor(proposal, ['reminder']);
  for (const spec of task.reminders) {
    const key = reminderKey(spec);
    add('reminder', reminderChipLabel(spec, context.timeZone), reminderPieces.filter((piece) => piece.reminder && reminderKey(piece.reminder) === key));
  }
  const priorityPieces = piecesFor(proposal, ['priority']);
  // The default priority is worth a chip only when something said it.
  if (task.priority !== DEFAULT_PRIORITY || priorityPieces.length > 0 || changedByModel.has('priority')) add('priority', PRIORITY_LABELS[task.priority], priorityPieces);
  if (item.clientId) {
    const client = context.clients.find((candidate) => candidate.id === item.clientId);
    if (client) add('client', client.name, piecesFor(proposal, ['client']), client.color || DEFAULT_CLIENT_COLOR);
  }
  if (task.estimatedTime) add('estimate', estimateChoiceLabel(task.estimatedTime, context.timeIncrements), piecesFor(proposal, ['estimate']));
  return chips;
}
