/**
 * Import files made to keep a server busy (the red team's, issue 36): the data-transfer tests and the fault
 * drills upload them. Both are valid Todoist exports by their header.
 */

const HEADER = 'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT';
/** Words the date reader works hard on, over and over. */
const DATE_WORDS = 'every other monday at 3pm starting next week until the end of december ';

/**
 * `rows` tasks whose DATE cells are 2,000 characters of date words, each different: 9,814 of them (about
 * 19.6 MB, within the 20 MB an import takes) kept the api's event loop busy for 17.5 s before the date
 * reader was bounded and files were read in a thread.
 */
export function longDatesCsv(rows = 9_814): string {
  const lines = [HEADER];
  for (let n = 1; n <= rows; n += 1) {
    const date = `in ${n} days ${DATE_WORDS.repeat(30)}`.slice(0, 2_000);
    lines.push(`task,Task ${n},,4,1,,,${date},en,,,`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** `rows` one-letter tasks: a million of them (7 MB) froze the api for 7.3 s; past 100,000 rows a file is refused. */
export const manyRowsCsv = (rows = 1_000_000) => `TYPE,CONTENT\n${'task,x\n'.repeat(rows)}`;
