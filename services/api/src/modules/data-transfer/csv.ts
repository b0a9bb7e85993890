import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { badRequest } from '../../core/errors';

/**
 * CSV in and out through csv-parse and csv-stringify (the node-csv project: RFC 4180 quoting, quoted line
 * breaks, a byte-order mark), so Daybook never hand-parses quotes.
 */

/**
 * Rows one imported CSV file may have (docs/import-export.md): a Todoist project exports a few hundred, a
 * TickTick backup a few thousand; more than this is not an export, and reading stops there.
 */
export const IMPORT_ROWS_MAX = 100_000;
/** Characters one cell may hold: more than any field Daybook keeps (a note holds 50,000). */
export const IMPORT_CELL_MAX = 65_536;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The records of a CSV text, one array of cells each, in file order; an empty line is a record of one empty
 * cell, so a record's index + 1 is the row a spreadsheet shows for it. Rows may differ in length. A file of
 * more than IMPORT_ROWS_MAX rows (read no further) or with a cell over IMPORT_CELL_MAX characters is
 * refused with a 400 that says where.
 */
export function readCsv(text: string): string[][] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, to: IMPORT_ROWS_MAX + 1 }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(`The file is not a valid CSV file: ${error.message}`, 'bad_file');
    throw error;
  }
  if (records.length > IMPORT_ROWS_MAX) throw badRequest(`The file has more than ${count(IMPORT_ROWS_MAX)} rows; one import reads at most ${count(IMPORT_ROWS_MAX)}.`, 'too_many_rows');
  records.forEach((record, index) => {
    const column = record.findIndex((cell) => cell.length > IMPORT_CELL_MAX);
    if (column >= 0) {
      throw badRequest(
        `Row ${count(index + 1)}, column ${column + 1} holds ${count(record[column]!.length)} characters; a cell may hold at most ${count(IMPORT_CELL_MAX)}.`,
        'cell_too_long',
      );
    }
  });
  return records;
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
