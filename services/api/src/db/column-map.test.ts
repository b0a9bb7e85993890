import { columnMap } from './column-map';
import { isoInstantSql, TEXT_ARRAY_PARAM } from './sql';

interface Thing {
  id: string;
  displayName: string;
  dueOn: string | null;
  tags: string[];
  createdAt: string;
}

const THING = columnMap<Thing>()('t', {
  id: { column: 'id' },
  displayName: { column: 'display_name', writable: true },
  dueOn: { column: 'due_on', kind: 'date', writable: true },
  tags: { column: 'tags', kind: 'list', writable: true },
  createdAt: { column: 'created_at', kind: 'instant' },
});

describe('a column map', () => {
  it('selects each column through the alias, converted by its kind and named as its field, in the map order', () => {
    expect(THING.select).toBe(
      `t.id as "id", t.display_name as "displayName", t.due_on::text as "dueOn", t.tags as "tags", ${isoInstantSql('t.created_at')} as "createdAt"`,
    );
  });

  it('sets the writable fields a patch gives, null included, each bound the way its kind travels', () => {
    expect(THING.assignments({ displayName: undefined, dueOn: null, tags: ['a', 'b'] })).toEqual({
      set: `due_on = ?::date, tags = ${TEXT_ARRAY_PARAM}`,
      params: [null, '["a","b"]'],
    });
    expect(THING.assignments({ displayName: 'Anna' })).toEqual({ set: 'display_name = ?', params: ['Anna'] });
    expect(THING.assignments({})).toEqual({ set: '', params: [] });
  });

  it('never writes a field that is not writable, whatever the object holds', () => {
    const forged = { id: 'forged', createdAt: 'forged' } as Partial<Thing>;
    expect(THING.assignments(forged)).toEqual({ set: '', params: [] });
    expect(THING.writes(forged)).toEqual({ columns: '', placeholders: '', params: [] });
  });

  it('gives the columns, placeholders and parameters of an INSERT in the map order', () => {
    expect(THING.writes({ tags: [], dueOn: '2026-03-09', displayName: 'Anna' })).toEqual({
      columns: 'display_name, due_on, tags',
      placeholders: `?, ?::date, ${TEXT_ARRAY_PARAM}`,
      params: ['Anna', '2026-03-09', '[]'],
    });
  });

  it('is typed by the DTO: a field without its column, or a column of no field, does not compile', () => {
    const complete = {
      id: { column: 'id' },
      displayName: { column: 'display_name' },
      dueOn: { column: 'due_on' },
      tags: { column: 'tags' },
      createdAt: { column: 'created_at' },
    } as const;
    const { createdAt: _createdAt, ...missingOne } = complete;
    // @ts-expect-error createdAt has no column
    columnMap<Thing>()('t', missingOne);
    // @ts-expect-error the DTO has no field `extra`
    columnMap<Thing>()('t', { ...complete, extra: { column: 'extra' } });
    expect(columnMap<Thing>()('t', complete).select).toContain('t.created_at as "createdAt"');
  });
});
