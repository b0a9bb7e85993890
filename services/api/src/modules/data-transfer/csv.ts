import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { badRequest } from '../../core/errors';

/**
 * CSV in and out through csv-parse and csv-stringify (the node-csv project: RFC 4180 quoting, quoted line
 * breaks, a byte-order mark), so Daybook never hand-parses quotes.
 */

/**
 * The records of a CSV text, one array of cells each, in file order; an empty line is a record of one empty
 * cell, so a record's index + 1 is the row a spreadsheet shows for it. Rows may differ in length.
 */
export function readCsv(text: string): string[][] {
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(`The file is not a valid CSV file: ${error.message}`, 'bad_file');
    throw error;
  }
}

/** The first characters that make a spreadsheet read a cell as a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet shows as text: one starting like a formula gets a leading apostrophe. */
export const safeCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** CSV lines (CRLF, quoted where RFC 4180 needs it) of the rows, every text cell guarded by `safeCell`. */
export function writeCsvRows(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null>>): string {
  return stringify(
    rows.map((row) => row.map((cell) => (typeof cell === 'string' ? safeCell(cell) : cell === null ? '' : String(cell)))),
    // A cell with a line break of either kind is quoted (csv-stringify quotes only the record delimiter by itself).
    { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}
