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
 * What the date reader takes of one file (docs/import-export.md): a date of at most DATE_WORDS_MAX words and
 * DATE_CHARS_MAX characters ("every other monday at 9am", "Dec 3 2026 14:30"), and at most DATE_READS_MAX
 * different dates per file (a Todoist project holds a few hundred tasks). Each reading costs the structurer
 * a fraction of a millisecond; unbounded, a file of long distinct dates kept it busy for many seconds.
 */
export const DATE_WORDS_MAX = 12;
export const DATE_CHARS_MAX = 100;
export const DATE_READS_MAX = 2_000;

/** Why a date was not read, for the file's problems. */
export type DateNotRead = 'not-understood' | 'too-long' | 'too-many';

/**
 * Reads dates said in words ("every monday", "tomorrow 3pm", "Dec 3") with the structurer, as a typed task
 * would be read, in the user's zone at `now`. Answers why not when the words hold no date it understands,
 * are too long to be a date, or are past the file's number of different dates read. Results are cached per
 * text: a file repeats the same few dates.
 */
export function dateWordsReader(now: Date, timezone: string): (words: string) => DueFromWords | DateNotRead {
  const cache = new Map<string, DueFromWords | null>();
  return (words) => {
    const input = asStructurerWords(words);
    if (input === '') return 'not-understood';
    if (input.length > DATE_CHARS_MAX || input.split(/\s+/u).length > DATE_WORDS_MAX) return 'too-long';
    if (!cache.has(input)) {
      if (cache.size >= DATE_READS_MAX) return 'too-many';
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
    return cache.get(input) ?? 'not-understood';
  };
}
