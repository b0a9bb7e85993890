// The benchmark's baseline: the least a server can do to answer GET /api/tasks/today — a minimal Koa
// app with `pg`, one session lookup in the same `sessions` table and one hand-written indexed query.
// Cookie signatures are not checked and no ORM is involved: it is the ceiling Daybook is measured against.
import Koa from 'koa';
import pg from 'pg';

const port = Number(process.env.PORT ?? 3900);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = new Koa();

app.use(async (ctx) => {
  if (ctx.path !== '/api/tasks/today') {
    ctx.status = 404;
    return;
  }
  const sid = ctx.cookies.get('daybook.sid');
  const session = sid
    ? (await pool.query('select u.id, u.timezone from sessions s join users u on u.id = s.user_id where s.sid = $1 and s.expire > now()', [sid])).rows[0]
    : undefined;
  if (!session) {
    ctx.status = 401;
    return;
  }
  const { rows } = await pool.query(
    `select t.id, t.title, t.description, t.client_id, t.priority, t.status, t.due_date::text as due_date, t.due_time,
            t.estimated_time, t.is_completed, t.is_backlog, t.is_archived, t.document_links, t.sort_order, t.created_at
       from tasks t
      where t.user_id = $1 and not t.is_archived and not t.is_backlog
        and (t.due_date = (now() at time zone $2)::date or (not t.is_completed and t.due_date < (now() at time zone $2)::date))
      order by t.sort_order`,
    [session.id, session.timezone],
  );
  ctx.body = rows;
});

app.listen(port, '127.0.0.1', () => process.stdout.write(`baseline listening on ${port}\n`));
