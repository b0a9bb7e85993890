import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  SHARE_PROPOSAL_PAST,
  SHARE_RESPONSES_FULL,
  SHARE_ANSWERS_LIST_MAX,
  SHARE_RESPONSES_PER_LINK_MAX,
  SHARE_TASK_DONE,
  SHARE_TOKEN_PATTERN,
  TASK_SHARE_RESPONSES_LIST_MAX,
  TASK_SHARES_LISTED_MAX,
  TASK_SHARES_PER_TASK_MAX,
  sharePagePath,
  todayIn,
  type CreatedTaskShare,
  type ShareAnswers,
  type ShareCommentBody,
  type ShareProposalBody,
  type SharedTask,
  type Task,
  type TaskShare,
  type TaskShareCreateBody,
  type TaskShareResponse,
} from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { conflict, notFound, quotaExceeded } from '../../core/errors';
import { secretHash } from '../../core/secret-hash';
import { createRemindersRepository, type RemindersRepository } from '../notifications/reminders.repository';
import type { TasksService } from '../tasks/tasks.service';
import { createTaskSharesRepository, type LiveShare, type NewShareResponse, type TaskSharesRepository } from './task-shares.repository';

/** 256 random bits, stored as their SHA-256 (secretHash). */
const TOKEN_BYTES = 32;
const HINT_LENGTH = 4;
const hintOf = (token: string) => `…${token.slice(-HINT_LENGTH)}`;

/** A wrong, ended or expired link, or one whose task is no longer delegated: all alike (no oracle). */
const linkNotFound = () => notFound('Link');

/** The task shares service on the database (app.ts): links made by the owner, answered by the contact. */
export const createTaskSharesService = (em: EntityManager, tasks: TasksService, clock: () => Date) =>
  taskSharesService(createTaskSharesRepository(em), createRemindersRepository(em), tasks, clock);

/**
 * Delegation that closes the loop (DECISIONS 33). The owner shares a delegated task with its contact by a
 * private link; the contact, signed out, sees the task and may mark it done, propose a new date or leave a
 * comment. Each response is kept on the task and notifies the owner on their channels (a notice due at
 * once in the reminder pipeline, delivered once). "Done" completes the task by the tasks service's own
 * status transition (its row locked, a recurring task's next occurrence made once).
 */
export function taskSharesService(shares: TaskSharesRepository, reminders: RemindersRepository, tasks: TasksService, clock: () => Date) {
  /** The live link of a token, or 404; `lock` inside a transaction serialises the link's writes. */
  async function liveShare(token: string, lock = false): Promise<LiveShare> {
    const share = SHARE_TOKEN_PATTERN.test(token) ? await shares.liveShare(secretHash(token), { lock }) : null;
    if (!share) throw linkNotFound();
    return share;
  }

  async function viewOf(share: LiveShare): Promise<SharedTask> {
    const responses = await shares.linkResponses(share.shareId, SHARE_RESPONSES_PER_LINK_MAX);
    return {
      title: share.title,
      dueDate: share.dueDate,
      dueTime: share.dueTime,
      notes: share.notes,
      isCompleted: share.isCompleted,
      expiresAt: share.expiresAt,
      responses,
      canRespond: responses.length < SHARE_RESPONSES_PER_LINK_MAX,
    };
  }

  /** Inside the link's transaction: keeps the response and queues its notice to the owner. */
  async function respond(share: LiveShare, response: NewShareResponse): Promise<void> {
    if ((await shares.countResponses(share.shareId)) >= SHARE_RESPONSES_PER_LINK_MAX) throw conflict(SHARE_RESPONSES_FULL);
    const id = await shares.insertResponse(share, response);
    await reminders.insertShareNotice(share.owner.id, id);
  }

  /** One of the contact's writes: the link locked for its duration, the page's view (read afresh) as the answer. */
  function withLink(token: string, write: (share: LiveShare) => Promise<void>): Promise<SharedTask> {
    return shares.transaction(async () => {
      const share = await liveShare(token, true);
      await write(share);
      return viewOf(await liveShare(token, true));
    });
  }

  async function assertOwnTask(actor: Actor, taskId: string): Promise<void> {
    await tasks.get(actor, taskId); // 404 for a task that is not the actor's
  }

  return {
    /** POST /api/tasks/:id/shares: a new link to the delegated task; its token is in this answer and nowhere else. */
    create(actor: Actor, taskId: string, body: TaskShareCreateBody): Promise<CreatedTaskShare> {
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      return shares.transaction(async () => {
        const task = await shares.lockShareableTask(actor.id, taskId);
        if (!task) {
          await assertOwnTask(actor, taskId);
          throw conflict('Delegate the task to a contact before you share it');
        }
        if (!actor.enableDelegation) throw conflict('Turn on task delegation in the settings to share a task');
        await shares.pruneEnded(taskId);
        if ((await shares.countLive(taskId)) >= TASK_SHARES_PER_TASK_MAX) {
          throw quotaExceeded(`A task can have at most ${TASK_SHARES_PER_TASK_MAX} links. Turn one off to make another.`);
        }
        const share = await shares.insert(actor.id, taskId, task.contactId, secretHash(token), hintOf(token), body.expiresInDays);
        return { share, token, path: sharePagePath(token) };
      });
    },

    /** GET /api/tasks/:id/shares: the task's links, those that work first, then those that ended (to make a new one). */
    async list(actor: Actor, taskId: string): Promise<TaskShare[]> {
      await assertOwnTask(actor, taskId);
      return shares.list(actor.id, taskId, TASK_SHARES_LISTED_MAX);
    },

    /** DELETE /api/tasks/:id/shares/:shareId: the link stops at once and for good (what it took stays on the task). */
    async revoke(actor: Actor, taskId: string, shareId: string): Promise<void> {
      if (!(await shares.revoke(actor.id, taskId, shareId))) throw notFound('Link');
    },

    /** GET /api/tasks/:id/share-responses: what the contact sent, newest first. */
    async responses(actor: Actor, taskId: string): Promise<TaskShareResponse[]> {
      await assertOwnTask(actor, taskId);
      return shares.responses(actor.id, taskId, TASK_SHARE_RESPONSES_LIST_MAX);
    },

    /** GET /api/share-answers: which delegated tasks their contact answered, how often and when last. */
    answers(actor: Actor): Promise<ShareAnswers> {
      return shares.answers(actor.id, SHARE_ANSWERS_LIST_MAX);
    },

    /**
     * POST /api/tasks/:id/share-responses/:responseId/accept: the proposed date (and time) becomes the task's
     * due date, by the task's own update (its reminders move with it); the proposal is marked accepted.
     */
    accept(actor: Actor, taskId: string, responseId: string): Promise<{ task: Task; response: TaskShareResponse }> {
      return shares.transaction(async () => {
        const proposal = await shares.lockProposal(actor.id, taskId, responseId);
        if (!proposal) throw notFound('Proposal');
        const task = await tasks.update(actor, taskId, { dueDate: proposal.proposedDate, dueTime: proposal.proposedTime });
        return { task, response: await shares.markAccepted(proposal.id) };
      });
    },

    /** GET /api/shares/:token: the contact's page. */
    async open(token: string): Promise<SharedTask> {
      return viewOf(await liveShare(token));
    },

    /** POST /api/shares/:token/done: completes the task once; a second "done" changes nothing. */
    done: (token: string) =>
      withLink(token, async (share) => {
        // The task's row locked: a "done" that waited for another one (through any link) sees the task completed.
        if (await shares.lockTaskCompleted(share.taskId)) return;
        await tasks.complete(share.owner, share.taskId, true);
        await respond(share, { kind: 'done' });
      }),

    /** POST /api/shares/:token/proposals: a new date (from today on, in the owner's timezone), for the owner to accept. */
    propose: (token: string, body: ShareProposalBody) =>
      withLink(token, async (share) => {
        if (share.isCompleted) throw conflict(SHARE_TASK_DONE);
        if (body.dueDate < todayIn(clock(), share.owner.timezone)) throw conflict(SHARE_PROPOSAL_PAST);
        await respond(share, { kind: 'proposal', proposedDate: body.dueDate, proposedTime: body.dueTime ?? null, text: body.message ?? null });
      }),

    /** POST /api/shares/:token/comments */
    comment: (token: string, body: ShareCommentBody) => withLink(token, (share) => respond(share, { kind: 'comment', text: body.text })),
  };
}
export type TaskSharesService = ReturnType<typeof taskSharesService>;
