import { isoInstantSql, jsonParam, TEXT_ARRAY_PARAM } from './sql';

/**
 * How a value travels between a field and its column, when the driver's own way would not do:
 * - `date`: a calendar date, read as `YYYY-MM-DD` text (the driver would make it a Date at local midnight)
 *   and written through `?::date`;
 * - `instant`: a timestamptz, read as an ISO instant that Postgres formats, to the millisecond like
 *   JavaScript (formatting thousands of instants in JavaScript showed up at 10% of the profile of a list read);
 * - `list`: a text[], written as one JSON parameter (bound as a JS array, it would become a list of values);
 * - `json`: a jsonb value, written as its JSON text through `?::jsonb` (read as the driver parses it).
 */
export type ColumnKind = 'date' | 'instant' | 'list' | 'json';

export interface Column {
  column: string;
  kind?: ColumnKind;
  /** A request may write it; nothing else is ever written through the map. */
  writable?: true;
}

/** Every field of the answer with its column: a field added to the shared DTO fails to compile until it has one. */
export type Columns<Dto> = { readonly [Field in keyof Dto]-?: Column };

/** The fields a map declares writable. */
type WritableFields<Fields> = { [Field in keyof Fields]: Fields[Field] extends { writable: true } ? Field : never }[keyof Fields];

/** A field the DTO does not have is refused too (its column would add a field to every answer). */
type OnlyFieldsOf<Dto, Fields> = Record<Exclude<keyof Fields, keyof Dto>, never>;

/**
 * A table's column map (docs/development.md convention 2): each field of the api's answer (a shared DTO) and the
 * column that holds it. The table's repository takes from it what a statement selects and what it may
 * write, so each column is named in one place.
 */
export interface ColumnMap<Dto, Writable extends keyof Dto> {
  /**
   * `t.id as "id", t.due_date::text as "dueDate", …`: the columns of one answer (the table aliased as the
   * map says), converted and named by Postgres, so the rows the driver gives are the answers themselves,
   * their fields in the map's order. A statement that needs more columns selects them after these, under
   * names of their own, and keeps them out of the answer (see `pageOf` in keyset.ts).
   */
  readonly select: string;
  /** `title = ?, due_date = ?::date`: the writable fields the patch gives (an undefined one leaves its column alone); empty for none. */
  assignments(patch: Partial<Pick<Dto, Writable>>): { set: string; params: unknown[] };
  /** The writable fields `values` gives, for an INSERT: `title, due_date`, `?, ?::date` and the parameters. */
  writes(values: Partial<Pick<Dto, Writable>>): { columns: string; placeholders: string; params: unknown[] };
}

/** The writable fields of a map, for the types of what a repository writes. */
export type WritableOf<Map> = Map extends ColumnMap<infer _Dto, infer Writable> ? Writable : never;

const PLACEHOLDER: Record<ColumnKind | 'plain', string> = { plain: '?', date: '?::date', instant: '?', list: TEXT_ARRAY_PARAM, json: '?::jsonb' };

function selected(column: string, kind: ColumnKind | undefined): string {
  if (kind === 'date') return `${column}::text`;
  if (kind === 'instant') return isoInstantSql(column);
  return column;
}

/**
 * The column map of the DTO's table, aliased `alias` in every statement:
 * `columnMap<ClientDto>()('c', { id: { column: 'id' }, name: { column: 'name', writable: true }, … })`.
 * (Two calls: the first names the DTO, the second lets TypeScript see which fields are writable.)
 */
export function columnMap<Dto>() {
  return <const Fields extends Columns<Dto>>(alias: string, fields: Fields & OnlyFieldsOf<Dto, Fields>): ColumnMap<Dto, WritableFields<Fields> & keyof Dto> => {
    const entries = Object.entries(fields as Record<string, Column>);
    const writable = entries.filter(([, column]) => column.writable);

    const written = (values: Record<string, unknown>) => {
      const columns: string[] = [];
      const placeholders: string[] = [];
      const params: unknown[] = [];
      for (const [field, { column, kind }] of writable) {
        const value = values[field];
        if (value === undefined) continue;
        columns.push(column);
        placeholders.push(PLACEHOLDER[kind ?? 'plain']);
        params.push(kind === 'list' ? jsonParam(value as readonly unknown[]) : kind === 'json' ? JSON.stringify(value) : value);
      }
      return { columns, placeholders, params };
    };

    return {
      select: entries.map(([field, { column, kind }]) => `${selected(`${alias}.${column}`, kind)} as "${field}"`).join(', '),

      assignments(patch) {
        const { columns, placeholders, params } = written(patch);
        return { set: columns.map((column, index) => `${column} = ${placeholders[index]}`).join(', '), params };
      },

      writes(values) {
        const { columns, placeholders, params } = written(values);
        return { columns: columns.join(', '), placeholders: placeholders.join(', '), params };
      },
    };
  };
}
