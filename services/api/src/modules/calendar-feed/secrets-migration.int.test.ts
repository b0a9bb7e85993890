import { randomBytes, randomUUID } from 'node:crypto';
import { migrationsList } from '../../db/migrations';
import { withScratchDatabase } from '../../test/test-db';
import { createCalendarFeedService } from './calendar-feed.service';

/**
 * Migration20261207130000 on a database of the version before it (issue 36): feeds made then keep their
 * address although only its hash is kept now, and links that had stopped because of their task's state
 * are ended for good (a later re-delegation or unarchiving does not bring them back).
 */

const MIGRATION = 'Migration20261207130000';
const before = migrationsList[migrationsList.findIndex((m) => m.name === MIGRATION) - 1]!.name;

it(`hashes existing feed secrets and ends links that had stopped (${MIGRATION})`, () =>
  withScratchDatabase('secrets', async (orm) => {
    await orm.getMigrator().up({ to: before });
    const sql = orm.em.getConnection();

    const userId = randomUUID();
    await sql.execute(`insert into users (id, username, password_hash) values (?, 'anna', 'x')`, [userId]);
    const secret = randomBytes(24).toString('base64url');
    await sql.execute(`insert into calendar_feeds (user_id, secret) values (?, ?)`, [userId, secret]);

    const [bruno, carla] = [randomUUID(), randomUUID()];
    for (const [id, contact] of [[bruno, 'Bruno'], [carla, 'Carla']]) {
      await sql.execute(`insert into delegation_contacts (id, user_id, name) values (?, ?, ?)`, [id, userId, contact]);
    }
    const task = async (delegatedTo: string | null, archived = false) => {
      const id = randomUUID();
      await sql.execute(`insert into tasks (id, user_id, title, is_delegated, delegated_to_id, is_archived) values (?, ?, 'Lease', ?, ?, ?)`, [
        id,
        userId,
        delegatedTo !== null,
        delegatedTo,
        archived,
      ]);
      return id;
    };
    const link = async (taskId: string, revoked = false) => {
      const [row] = await sql.execute<{ id: string }[]>(
        `insert into task_shares (user_id, task_id, contact_id, token_hash, hint, expires_at, revoked_at)
         values (?, ?, ?, ?, '…abcd', now() + interval '7 days', ${revoked ? "now() - interval '1 hour'" : 'null'}) returning id`,
        [userId, taskId, bruno, randomBytes(32)],
      );
      return row!.id;
    };
    const links = {
      live: await link(await task(bruno)),
      revoked: await link(await task(bruno), true),
      undelegated: await link(await task(null)),
      reassigned: await link(await task(carla)),
      archived: await link(await task(bruno, true)),
    };

    await orm.getMigrator().up({ to: MIGRATION });

    const ended = await sql.execute<{ id: string; reason: string | null; ended: boolean }[]>('select id, end_reason as reason, ended_at is not null as ended from task_shares');
    const byId = new Map(ended.map((row) => [row.id, row]));
    expect(Object.fromEntries(Object.entries(links).map(([what, id]) => [what, byId.get(id)!.reason]))).toEqual({
      live: null,
      revoked: 'revoked',
      undelegated: 'undelegated',
      reassigned: 'reassigned',
      archived: 'archived',
    });
    expect(byId.get(links.live)!.ended).toBe(false);

    // The feed's address of before still opens it; nothing in the row is the secret any more.
    const [row] = await sql.execute<{ row: string }[]>('select row_to_json(f)::text as row from calendar_feeds f');
    expect(row!.row).not.toContain(secret);
    const feeds = createCalendarFeedService(orm.em.fork());
    await expect(feeds.open(secret)).resolves.toMatchObject({ etag: expect.any(String) });
    await expect(feeds.open(randomBytes(24).toString('base64url'))).rejects.toMatchObject({ status: 404 });

    // Down and up again: the feeds are turned off (a hash cannot give the address back), the links keep their end.
    await orm.getMigrator().down({ to: before });
    expect(await sql.execute('select * from calendar_feeds')).toEqual([]);
    expect((await sql.execute<{ count: number }[]>('select count(*)::int as count from task_shares where revoked_at is not null'))[0]!.count).toBe(4);
    await orm.getMigrator().up({ to: MIGRATION });
  }), 120_000);
