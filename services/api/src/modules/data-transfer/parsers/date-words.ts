import { structureWithRules } from '@daybook/nl';
import type { RecurringType } from '@daybook/shared';

/** A due date (and time, and repeat) read from words. */
export interface DueFromWords {
  dueDate: string;
  dueTime: string | null;
  isRecurring: boolean;
  recurringType: RecurringType | null;
  recurringInterval: number;
}

/**
 * Todoist's ways of writing a date that the structurer (@daybook/nl) reads otherwise: "every!" (repeat
 * counted from completion: Daybook's repeats always count from the due date) and the short "ev".
 */
function asStructurerWords(words: string): string {
  return words
    .trim()
    .replace(/\bevery!/giu, 'every')
    .replace(/^ev\s+/iu, 'every ');
}

/**
 * Reads dates said in words ("every monday", "tomorrow 3pm", "Dec 3") with the structurer, as a typed task
 * would be read, in the user's zone at `now`. Null when the words hold no date it understands. Results are
 * cached per text: a file repeats the same few dates.
 */
export function dateWordsReader(now: Date, timezone: string): (words: string) => DueFromWords | null {
  const cache = new Map<string, DueFromWords | null>();
  return (words) => {
    const input = asStructurerWords(words);
    if (input === '') return null;
    if (!cache.has(input)) {
      const task = structureWithRules({ input, now, timezone, clients: [], timeIncrements: [] });
      cache.set(
        input,
        task.dueDate === null
          ? null
          : {
              dueDate: task.dueDate,
              dueTime: task.dueTime,
              isRecurring: task.isRecurring && task.recurringType !== null,
              recurringType: task.isRecurring ? task.recurringType : null,
              recurringInterval: task.isRecurring ? task.recurringInterval : 1,
            },
      );
    }
    return cache.get(input)!;
  };
}
