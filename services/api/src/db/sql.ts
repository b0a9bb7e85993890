/**
 * Helpers for the raw SQL the hot paths use (through MikroORM's connection, i.e. knex bindings).
 * Knex expands a JS array bound to `?` into a list of values, so arrays travel as JSON instead.
 */

/** Binds a list as one JSON parameter; pair it with `TEXT_ARRAY_PARAM` or `jsonb_array_elements_text(?::jsonb)`. */
export const jsonParam = (values: readonly unknown[]) => JSON.stringify(values);

/** SQL for a text[] built from a JSON parameter bound with `jsonParam`. */
export const TEXT_ARRAY_PARAM = 'array(select jsonb_array_elements_text(?::jsonb))';

/** SQL for a timestamptz column as an ISO 8601 UTC instant (`2026-11-21T06:47:33.707Z`), null stays null. */
export const isoInstantSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
