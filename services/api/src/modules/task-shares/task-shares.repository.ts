import type { EntityManager } from '@mikro-orm/postgresql';
import type { ShareAnswers, SharedTaskResponse, TaskShare, TaskShareEndReason, TaskShareResponse, TaskShareResponseKind } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { isoInstantSql } from '../../db/sql';
import { dataAccess, type UnitOfWork } from '../../db/unit-of-work';

/** A delegated task of the owner, locked for a new link: the contact it is delegated to. */
export interface ShareableTask {
  contactId: string;
  contactName: string;
}

/** A link that works (not ended, not expired, its task still delegated to its contact), with what its page shows. */
export interface LiveShare {
  shareId: string;
  taskId: string;
  expiresAt: string;
  owner: Actor;
  title: string;
  dueDate: string | null;
  dueTime: string | null;
  notes: string | null;
  isCompleted: boolean;
}

export interface NewShareResponse {
  kind: TaskShareResponseKind;
  proposedDate?: string | null;
  proposedTime?: string | null;
  text?: string | null;
}

interface LiveShareRow extends Omit<LiveShare, 'owner'> {
  user_id: string;
  username: string;
  role: Actor['role'];
  timezone: Actor['timezone'];
  enable_delegation: boolean;
}

/**
 * When a link works: its end is not recorded, it has not expired, and its task (not archived) is still
 * delegated to the link's contact. The change that ends a link (the owner turning it off; the task
 * un-delegated, delegated to someone else or archived: `endLinks`) records the end in its own transaction,
 * so a link never comes back; the task's state is checked too, as a safety net. Deleting the task or the
 * contact deletes its links.
 */
const LIVE = `s.ended_at is null and s.expires_at > now() and t.is_delegated and t.delegated_to_id = s.contact_id and not t.is_archived`;

/** A link as the owner sees it (from task_shares s, tasks t and delegation_contacts c). */
const SHARE = `s.id, s.contact_id as "contactId", c.name as "contactName", s.hint, ${isoInstantSql('s.created_at')} as "createdAt",
  ${isoInstantSql('s.expires_at')} as "expiresAt", ${isoInstantSql('s.last_opened_at')} as "lastOpenedAt",
  (${LIVE}) as "isLive", ${isoInstantSql('s.ended_at')} as "endedAt", s.end_reason as "endReason"`;

const RESPONSE_FIELDS = `r.kind, r.proposed_date::text as "proposedDate", r.proposed_time as "proposedTime", r.text, ${isoInstantSql('r.created_at')} as "createdAt"`;
const RESPONSE = `r.id, r.share_id as "shareId", c.name as "contactName", ${RESPONSE_FIELDS}, ${isoInstantSql('r.accepted_at')} as "acceptedAt"`;

/**
 * A link's "last opened" is kept to the minute (docs/api.md), as an API token's last use: the minute of the
 * opening, written at most once a minute however often the page is read.
 */
const LAST_OPENED_MINUTE = "date_trunc('minute', now())";

/** Every statement about shared links and their responses (DECISIONS 33); the owner's scoped by the owner, the contact's by the token's hash. */
export interface TaskSharesRepository extends UnitOfWork {
  /** Inside a transaction: the owner's task when it is delegated to a contact (and not archived), its row locked. */
  lockShareableTask(userId: string, taskId: string): Promise<ShareableTask | null>;
  /** The task's live links. */
  countLive(taskId: string): Promise<number>;
  /** Forgets the task's links that ended and took no response: nothing on the task needs them. */
  pruneEnded(taskId: string): Promise<void>;
  insert(userId: string, taskId: string, contactId: string, tokenHash: Buffer, hint: string, expiresInDays: number): Promise<TaskShare>;
  /** The task's links: the live ones, newest first, then those that ended or expired, newest first; at most `limit`. */
  list(userId: string, taskId: string, limit: number): Promise<TaskShare[]>;
  /** Ends one of the task's live links; false when there is none. */
  revoke(userId: string, taskId: string, shareId: string): Promise<boolean>;
  /**
   * Inside the transaction of the task's change that ends them (un-delegated, delegated to someone else,
   * archived): records the end of the task's links that have not ended or expired. They never work again.
   */
  endLinks(userId: string, taskId: string, reason: Exclude<TaskShareEndReason, 'revoked'>): Promise<void>;
  responses(userId: string, taskId: string, limit: number): Promise<TaskShareResponse[]>;
  /** The user's delegated tasks (not archived) answered through a link to their present contact, latest answer first; at most `limit`. */
  answers(userId: string, limit: number): Promise<ShareAnswers>;
  /** Inside a transaction: the proposal of the owner's task, locked. */
  lockProposal(userId: string, taskId: string, responseId: string): Promise<TaskShareResponse | null>;
  markAccepted(responseId: string): Promise<TaskShareResponse>;

  /**
   * The live link with this hash, while its owner has delegation on (spec: delegation is theirs to turn off). `lock`: inside a transaction, its row locked (a contact's writes one at a
   * time per link); otherwise the read notes when it was opened.
   */
  liveShare(tokenHash: Buffer, options?: { lock?: boolean }): Promise<LiveShare | null>;
  /** What was sent through the link, oldest first. */
  linkResponses(shareId: string, limit: number): Promise<SharedTaskResponse[]>;
  /** Inside a transaction: whether the link's task is completed, its row locked (read after any write that held it). */
  lockTaskCompleted(taskId: string): Promise<boolean>;
  countResponses(shareId: string): Promise<number>;
  insertResponse(share: LiveShare, response: NewShareResponse): Promise<string>;
}

export function createTaskSharesRepository(rootEm: EntityManager): TaskSharesRepository {
  const { db, transaction } = dataAccess(rootEm);
  const first = async <T>(sql: string, params: unknown[]): Promise<T | null> => (await db().execute<T[]>(sql, params))[0] ?? null;

  return {
    transaction,

    lockShareableTask: (userId, taskId) =>
      first<ShareableTask>(
        `select c.id as "contactId", c.name as "contactName"
           from tasks t join delegation_contacts c on c.id = t.delegated_to_id and c.user_id = t.user_id
          where t.id = ? and t.user_id = ? and t.is_delegated and not t.is_archived
          for update of t`,
        [taskId, userId],
      ),

    async countLive(taskId) {
      const [row] = await db().execute<{ count: number }[]>(
        `select count(*)::int as count from task_shares s join tasks t on t.id = s.task_id where s.task_id = ? and ${LIVE}`,
        [taskId],
      );
      return row?.count ?? 0;
    },

    async pruneEnded(taskId) {
      await db().execute(
        `delete from task_shares s using tasks t
          where s.task_id = ? and t.id = s.task_id and not (${LIVE})
            and not exists (select 1 from task_share_responses r where r.share_id = s.id)`,
        [taskId],
      );
    },

    async insert(userId, taskId, contactId, tokenHash, hint, expiresInDays) {
      const [row] = await db().execute<TaskShare[]>(
        `with s as (
           insert into task_shares (user_id, task_id, contact_id, token_hash, hint, expires_at)
           values (?, ?, ?, ?, ?, now() + make_interval(days => ?::int)) returning *
         )
         select ${SHARE} from s join tasks t on t.id = s.task_id join delegation_contacts c on c.id = s.contact_id`,
        [userId, taskId, contactId, tokenHash, hint, expiresInDays],
      );
      return row!;
    },

    list: (userId, taskId, limit) =>
      db().execute<TaskShare[]>(
        `select ${SHARE} from task_shares s join tasks t on t.id = s.task_id join delegation_contacts c on c.id = s.contact_id
          where s.user_id = ? and s.task_id = ? order by (${LIVE}) desc, s.created_at desc, s.id limit ?`,
        [userId, taskId, limit],
      ),

    async revoke(userId, taskId, shareId) {
      const result = await db().execute<{ affectedRows: number }>(
        `update task_shares s set ended_at = now(), end_reason = 'revoked' from tasks t
          where s.id = ? and s.task_id = ? and s.user_id = ? and t.id = s.task_id and ${LIVE}`,
        [shareId, taskId, userId],
        'run',
      );
      return result.affectedRows > 0;
    },

    async endLinks(userId, taskId, reason) {
      await db().execute(
        `update task_shares set ended_at = now(), end_reason = ? where user_id = ? and task_id = ? and ended_at is null and expires_at > now()`,
        [reason, userId, taskId],
        'run',
      );
    },

    responses: (userId, taskId, limit) =>
      db().execute<TaskShareResponse[]>(
        `select ${RESPONSE} from task_share_responses r join task_shares s on s.id = r.share_id join delegation_contacts c on c.id = s.contact_id
          where r.user_id = ? and r.task_id = ? order by r.created_at desc, r.id limit ?`,
        [userId, taskId, limit],
      ),

    answers: (userId, limit) =>
      db().execute<ShareAnswers>(
        `select r.task_id as "taskId", count(*)::int as "count", ${isoInstantSql('max(r.created_at)')} as "lastAt"
           from task_share_responses r
           join task_shares s on s.id = r.share_id
           join tasks t on t.id = r.task_id and t.user_id = r.user_id
          where r.user_id = ? and t.is_delegated and not t.is_archived and t.delegated_to_id = s.contact_id
          group by r.task_id order by max(r.created_at) desc, r.task_id limit ?`,
        [userId, limit],
      ),

    lockProposal: (userId, taskId, responseId) =>
      first<TaskShareResponse>(
        `select ${RESPONSE} from task_share_responses r join task_shares s on s.id = r.share_id join delegation_contacts c on c.id = s.contact_id
          where r.id = ? and r.task_id = ? and r.user_id = ? and r.kind = 'proposal' for update of r`,
        [responseId, taskId, userId],
      ),

    async markAccepted(responseId) {
      const [row] = await db().execute<TaskShareResponse[]>(
        `with r as (update task_share_responses set accepted_at = coalesce(accepted_at, now()) where id = ? returning *)
         select ${RESPONSE} from r join task_shares s on s.id = r.share_id join delegation_contacts c on c.id = s.contact_id`,
        [responseId],
      );
      return row!;
    },

    async liveShare(tokenHash, { lock = false } = {}) {
      const row = await first<LiveShareRow>(
        `select s.id as "shareId", s.task_id as "taskId", ${isoInstantSql('s.expires_at')} as "expiresAt",
                t.title, t.due_date::text as "dueDate", t.due_time as "dueTime", t.delegation_notes as notes, t.is_completed as "isCompleted",
                u.id as user_id, u.username, u.role, u.timezone, u.enable_delegation
           from task_shares s join tasks t on t.id = s.task_id join users u on u.id = s.user_id
          where s.token_hash = ? and ${LIVE} and u.enable_delegation
          ${lock ? 'for update of s' : ''}`,
        [tokenHash],
      );
      if (!row) return null;
      if (!lock) {
        await db().execute(
          `update task_shares set last_opened_at = ${LAST_OPENED_MINUTE} where id = ? and (last_opened_at is null or last_opened_at < ${LAST_OPENED_MINUTE})`,
          [row.shareId],
        );
      }
      const { user_id, username, role, timezone, enable_delegation, ...share } = row;
      return { ...share, isCompleted: Boolean(share.isCompleted), owner: { id: user_id, username, role, timezone, enableDelegation: Boolean(enable_delegation) } };
    },

    linkResponses: (shareId, limit) =>
      db().execute<SharedTaskResponse[]>(`select ${RESPONSE_FIELDS} from task_share_responses r where r.share_id = ? order by r.created_at, r.id limit ?`, [shareId, limit]),

    async lockTaskCompleted(taskId) {
      const [row] = await db().execute<{ done: boolean }[]>('select is_completed as done from tasks where id = ? for update', [taskId]);
      return Boolean(row?.done);
    },

    async countResponses(shareId) {
      const [row] = await db().execute<{ count: number }[]>('select count(*)::int as count from task_share_responses where share_id = ?', [shareId]);
      return row?.count ?? 0;
    },

    async insertResponse(share, response) {
      const [row] = await db().execute<{ id: string }[]>(
        `insert into task_share_responses (share_id, task_id, user_id, kind, proposed_date, proposed_time, text)
         values (?, ?, ?, ?, ?::date, ?, ?) returning id`,
        [share.shareId, share.taskId, share.owner.id, response.kind, response.proposedDate ?? null, response.proposedTime ?? null, response.text ?? null],
      );
      return row!.id;
    },
  };
}
