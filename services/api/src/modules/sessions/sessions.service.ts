import type { EndedSessions, SessionInfo, SessionList } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { badRequest, notFound } from '../../core/errors';
import { describeUserAgent } from '../audit/user-agent';
import type { SessionsRepository } from './sessions.repository';

/**
 * Where the user is signed in (DECISIONS 48): their sessions with device, address and last use; ending one,
 * or all but this device's. The session of the request (`currentSid`) comes from the session store.
 */
export function createSessionsService(sessions: SessionsRepository) {
  return {
    async list(actor: Actor, currentSid: string | null): Promise<SessionList> {
      const { rows, total } = await sessions.list(actor.id, currentSid);
      const items: SessionInfo[] = rows.map(({ userAgent, ...row }) => ({ ...row, ...describeUserAgent(userAgent) }));
      return { items, total };
    },

    /** Ends one of the user's sessions; 404 for an id that is not one of theirs. Answers whether it was this device's and its device. */
    async end(actor: Actor, id: string, currentSid: string | null): Promise<{ current: boolean; userAgent: string | null }> {
      const ended = await sessions.end(actor.id, id);
      if (!ended) throw notFound('Session');
      return { current: ended.sid === currentSid, userAgent: ended.userAgent };
    },

    async endOthers(actor: Actor, currentSid: string | null): Promise<EndedSessions> {
      if (!currentSid) throw badRequest('Only a signed-in browser can end its other sessions');
      return { ended: await sessions.endOthers(actor.id, currentSid) };
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
