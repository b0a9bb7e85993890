import { afterKeys, cursorKeysColumn, decodeCursor, isPgTimestamptzText, orderByKeys, pageOf, type SortKey } from './keyset';

const KEYS: SortKey[] = [
  { sql: 't.sort_order', direction: 'asc', cast: 'int' },
  { sql: "coalesce(t.due_date, 'infinity'::date)", direction: 'asc', cast: 'date' },
  { sql: 't.created_at', direction: 'desc', cast: 'timestamptz' },
  { sql: 't.id', direction: 'asc', cast: 'uuid' },
];
const VALUES = ['3', 'infinity', '2026-03-09 10:00:00.123456+00', '0b7f3a52-3c49-4c59-9a43-6c2f0c5b8d11'];

describe('keyset paging', () => {
  it('orders by the keys and continues after a row, each key in its direction', () => {
    expect(orderByKeys(KEYS)).toBe("t.sort_order asc, coalesce(t.due_date, 'infinity'::date) asc, t.created_at desc, t.id asc");
    const after = afterKeys(KEYS.slice(2), ['2026-03-09 10:00:00+00', 'x']);
    expect(after.sql).toBe('(t.created_at < ?::timestamptz or (t.created_at = ?::timestamptz and t.id > ?::uuid))');
    expect(after.params).toEqual(['2026-03-09 10:00:00+00', '2026-03-09 10:00:00+00', 'x']);
  });

  it('compares keys of one direction as a row, which an index answers', () => {
    const keys: SortKey[] = [
      { sql: 't.archived_at', direction: 'desc', cast: 'timestamptz' },
      { sql: 't.id', direction: 'desc', cast: 'uuid' },
    ];
    expect(afterKeys(keys, ['a', 'b'])).toEqual({ sql: '(t.archived_at, t.id) < (?::timestamptz, ?::uuid)', params: ['a', 'b'] });
  });

  it('selects the key values of a row as one JSON text', () => {
    expect(cursorKeysColumn(KEYS.slice(0, 2))).toBe("json_build_array((t.sort_order)::text, (coalesce(t.due_date, 'infinity'::date))::text)::text as cursor_keys");
  });

  it('takes a page off the rows: the keys leave the answer, the cursor of the last row reads back when more follow', () => {
    const rows = () => ['a', 'b', 'c'].map((id, index) => ({ id, cursor_keys: JSON.stringify(index === 1 ? VALUES : ['x']) }));
    const page = pageOf(rows(), 2);
    expect(JSON.stringify(page.items)).toBe('[{"id":"a"},{"id":"b"}]');
    expect(decodeCursor(page.nextCursor!, KEYS)).toEqual(VALUES);
    expect(JSON.stringify(pageOf(rows(), 3))).toBe('{"items":[{"id":"a"},{"id":"b"},{"id":"c"}],"nextCursor":null}');
    expect(pageOf([], 2)).toEqual({ items: [], nextCursor: null });
  });

  const encode = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');
  it.each([
    ['not base64 JSON', '%%%'],
    ['another shape', encode({ a: 1 })],
    ['too few keys', encode(['3', 'infinity'])],
    ['a number where text is stored', encode([3, 'infinity', VALUES[2], VALUES[3]])],
    ['an int out of range', encode(['99999999999', 'infinity', VALUES[2], VALUES[3]])],
    ['a date that does not exist', encode(['3', '2026-02-30', VALUES[2], VALUES[3]])],
    ['an impossible timestamp', encode(['3', 'infinity', '2026-13-45 99:99:99+00', VALUES[3]])],
    ['a zone offset Postgres refuses', encode(['3', 'infinity', '2026-01-01 00:00:00+16', VALUES[3]])],
    ['not a uuid', encode(['3', 'infinity', VALUES[2], "x' or 1=1 --"])],
  ])('refuses a cursor with %s', (_name, cursor) => {
    expect(decodeCursor(cursor, KEYS)).toBeNull();
  });

  it.each([
    ['2026-03-09 10:00:00+00', true],
    ['2026-03-09 10:00:00.5+05:30', true],
    ['2024-02-29 23:59:59-15:59', true],
    ['2026-02-29 10:00:00+00', false],
    ['2026-03-09 24:00:00+00', false],
    ['2026-03-09T10:00:00Z', false],
  ])('%s is Postgres timestamptz text: %s', (value, expected) => {
    expect(isPgTimestamptzText(value)).toBe(expected);
  });
});
