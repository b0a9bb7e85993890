import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, startOfDayInstant, todayIn, totalEstimateMinutes, weekStartOf, type ClientOverview } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { createClientOverviewRepository, type ClientOverviewRepository } from './client-overview.repository';

/** The week's estimates are summed over at most this many tasks (a client's week never holds more in practice). */
const WEEK_ESTIMATES_MAX = 2_000;

export const createClientOverviewService = (em: EntityManager, clock: () => Date) => clientOverviewService(createClientOverviewRepository(em), clock);

/** A client page's figures (DECISIONS 32); another user's client reads as missing. */
export function clientOverviewService(repository: ClientOverviewRepository, clock: () => Date) {
  return {
    async overview(actor: Actor, clientId: string): Promise<ClientOverview> {
      if (!(await repository.exists(actor.id, clientId))) throw notFound('Client');
      const now = clock();
      const firstDate = weekStartOf(todayIn(now, actor.timezone));
      const lastDate = addDays(firstDate, 6);
      const [openTasks, estimates, trackedSeconds, activity] = [
        await repository.countOpenTasks(actor.id, clientId),
        await repository.estimatesDueBetween(actor.id, clientId, firstDate, lastDate, WEEK_ESTIMATES_MAX),
        await repository.trackedSeconds(actor.id, clientId, startOfDayInstant(firstDate, actor.timezone), startOfDayInstant(addDays(lastDate, 1), actor.timezone), now),
        await repository.activity(actor.id, clientId),
      ];
      return { clientId, openTasks, week: { firstDate, lastDate, estimatedMinutes: totalEstimateMinutes(estimates), trackedSeconds }, activity };
    },
  };
}
export type ClientOverviewService = ReturnType<typeof clientOverviewService>;
