// The benchmark's baseline: the least a server can do to answer Daybook's hot reads — a minimal Koa app
// with `pg`, one session lookup in the same `sessions` table and one hand-written indexed query per
// read, answering the same rows. Cookie signatures are not checked, nothing is validated and no ORM is
// involved: it is the ceiling Daybook is measured against.
import Koa from 'koa';
import pg from 'pg';

const port = Number(process.env.PORT ?? 3900);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = new Koa();

const TASK_COLUMNS = `t.id, t.title, t.description, t.client_id, t.priority, t.status, t.due_date::text as due_date, t.due_time,
  t.estimated_time, t.is_completed, t.is_backlog, t.is_archived, t.document_links, t.is_recurring, t.recurring_type,
  t.recurring_interval, t.parent_task_id, t.is_delegated, t.delegated_to_id, t.delegation_notes, t.sort_order, t.created_at`;

/** Each read: its SQL and parameters, from the signed-in user and the query string. */
const READS = {
  '/api/tasks/today': (user) => [
    `select ${TASK_COLUMNS} from tasks t
      where t.user_id = $1 and not t.is_archived and not t.is_backlog
        and (t.due_date = (now() at time zone $2)::date or (not t.is_completed and t.due_date < (now() at time zone $2)::date))
      order by t.sort_order`,
    [user.id, user.timezone],
  ],
  // The first page of the list, in its order (DECISIONS 22: lists answer in pages of 50).
  '/api/tasks/active': (user) => [
    `select ${TASK_COLUMNS} from tasks t where t.user_id = $1 and not t.is_archived and not t.is_backlog
      order by t.sort_order, case t.priority when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 else 1 end desc,
        t.due_date nulls last, t.due_time nulls last, t.created_at desc, t.id
      limit 51`,
    [user.id],
  ],
  '/api/tasks/calendar': (user, query) => [
    `select ${TASK_COLUMNS} from tasks t
      where t.user_id = $1 and not t.is_archived
        and t.due_date between ($2::timestamptz at time zone $4)::date and (($3::timestamptz - interval '1 millisecond') at time zone $4)::date
      order by t.due_date, t.due_time, t.sort_order`,
    [user.id, query.start, query.end, user.timezone],
  ],
  // The first page of the answer, the newest 20 matching notes and one more (DECISIONS 22: a search answers
  // in pages of 20), each as an excerpt around the words found.
  '/api/notes/search': (user, query) => [
    `select i.id, i.note_list_id, i.created_at, l.title as list_title,
        left(ts_headline('daybook_search'::regconfig, left(i.content, 10000), to_tsquery('daybook_search'::regconfig, $2),
          'MinWords=12, MaxWords=30, ShortWord=2'), 800) as excerpt
       from (select id from note_items where user_id = $1 and search_vector @@ to_tsquery('daybook_search'::regconfig, $2)
              order by created_at desc limit 21) m
       join note_items i on i.id = m.id join note_lists l on l.id = i.note_list_id
      order by i.created_at desc`,
    [user.id, `'${String(query.query).replace(/'/g, "''")}':*`],
  ],
};

app.use(async (ctx) => {
  const read = READS[ctx.path];
  if (!read) {
    ctx.status = 404;
    return;
  }
  const sid = ctx.cookies.get('daybook.sid');
  const user = sid
    ? (await pool.query('select u.id, u.timezone from sessions s join users u on u.id = s.user_id where s.sid = $1 and s.expire > now()', [sid])).rows[0]
    : undefined;
  if (!user) {
    ctx.status = 401;
    return;
  }
  const [sql, params] = read(user, ctx.query);
  ctx.body = (await pool.query(sql, params)).rows;
});

app.listen(port, '127.0.0.1', () => process.stdout.write(`baseline listening on ${port}\n`));
