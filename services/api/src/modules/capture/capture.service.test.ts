import type { EstimateHabitDto } from '@daybook/shared';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import type { CaptureRepository } from './capture.repository';
import { captureService } from './capture.service';

/** The capture rules without the database: habits in memory, the clients' own rules stubbed. */

const anna: Actor = { id: 'anna', username: 'anna', role: 'user', timezone: 'Europe/Paris', enableDelegation: false };
const HARBOR = '00000000-0000-4000-8000-0000000000a1';

function fakeHabits() {
  const rows: Array<EstimateHabitDto & { userId: string; at: number }> = [];
  const calls: string[] = [];
  let clock = 0;
  const repository: CaptureRepository = {
    transaction: async (work) => {
      calls.push('transaction');
      return work();
    },
    habits: async (userId, limit) =>
      rows
        .filter((row) => row.userId === userId)
        .sort((a, b) => b.at - a.at)
        .slice(0, limit)
        .map(({ kind, estimatedTime }) => ({ kind, estimatedTime })),
    lockHabits: async () => void calls.push('lockHabits'),
    async saveHabit(userId, habit) {
      calls.push(`save ${habit.kind}`);
      const existing = rows.find((row) => row.userId === userId && row.kind === habit.kind);
      if (existing) Object.assign(existing, { estimatedTime: habit.estimatedTime, at: ++clock });
      else rows.push({ userId, ...habit, at: ++clock });
      return habit;
    },
    async keepNewestHabits(userId, keep) {
      calls.push(`keep ${keep}`);
      const mine = rows.filter((row) => row.userId === userId).sort((a, b) => b.at - a.at);
      for (const old of mine.slice(keep)) rows.splice(rows.indexOf(old), 1);
    },
  };
  return { repository, rows, calls };
}

function serviceWith(options: { modelReview?: boolean; habitsMax?: number; learnAliases?: Parameters<typeof captureService>[0]['learnAliases'] } = {}) {
  const habits = fakeHabits();
  const service = captureService({
    habits: habits.repository,
    clients: { forCapture: async () => [{ id: HARBOR, name: 'Harbor Dental', aliases: ['the dentists'] }] },
    learnAliases: options.learnAliases ?? (async () => ({ clients: [], skipped: [] })),
    modelReview: options.modelReview ?? false,
    ...(options.habitsMax ? { habitsMax: options.habitsMax } : {}),
  });
  return { service, habits };
}

const estimates = (...pairs: Array<[string, string]>) => ({ clientAliases: [], estimates: pairs.map(([title, estimatedTime]) => ({ title, estimatedTime })) });

it('answers the habits, most recent first, and whether a model reviews proposals', async () => {
  const { service } = serviceWith({ modelReview: true });
  await service.learn(anna, estimates(['Weekly review', '30min'], ['Draft the lease', '2h']));
  expect(await service.context(anna)).toEqual({
    habits: [
      { kind: 'draft lease', estimatedTime: '2h' },
      { kind: 'weekly review', estimatedTime: '30min' },
    ],
    modelReview: true,
  });
});

it('keys a habit by the kind of work, without the client’s name: the newest estimate of a kind wins', async () => {
  const { service, habits } = serviceWith();
  const result = await service.learn(anna, estimates(['Weekly review with Harbor Dental', '1h']));
  expect(result.habits).toEqual([{ kind: 'weekly review', estimatedTime: '1h' }]);
  await service.learn(anna, estimates(['weekly review', '45min']));
  expect(habits.rows.map(({ kind, estimatedTime }) => [kind, estimatedTime])).toEqual([['weekly review', '45min']]);
});

it('learns nothing from a title without a meaningful word', async () => {
  const { service, habits } = serviceWith();
  expect((await service.learn(anna, estimates(['Tomorrow at 9', '1h']))).habits).toEqual([]);
  expect(habits.rows).toEqual([]);
});

it('keeps at most habitsMax habits, the least recently updated going first, under the user’s habits lock', async () => {
  const { service, habits } = serviceWith({ habitsMax: 2 });
  await service.learn(anna, estimates(['Payroll run', '1h'], ['Draft the lease', '2h']));
  await service.learn(anna, estimates(['Payroll run', '1.5h']));
  await service.learn(anna, estimates(['Site visit', '4h']));
  expect((await service.context(anna)).habits).toEqual([
    { kind: 'site visit', estimatedTime: '4h' },
    { kind: 'payroll run', estimatedTime: '1.5h' },
  ]);
  expect(habits.calls.slice(0, 5)).toEqual(['transaction', 'lockHabits', 'save payroll run', 'save draft lease', 'keep 2']);
});

it('learns aliases by the clients’ rules first, in the same transaction, and reports what was skipped', async () => {
  const seen: unknown[] = [];
  const { service } = serviceWith({
    learnAliases: async (_actor, additions) => {
      seen.push(additions);
      return { clients: [], skipped: [{ ...additions[0]!, reason: 'taken' }] };
    },
  });
  const result = await service.learn(anna, { clientAliases: [{ alias: 'Dr. Lee', clientId: HARBOR }], estimates: [] });
  expect(seen).toEqual([[{ alias: 'Dr. Lee', clientId: HARBOR }]]);
  expect(result).toEqual({ clients: [], habits: [], skippedAliases: [{ alias: 'Dr. Lee', clientId: HARBOR, reason: 'taken' }] });
});

it('stores no habit when a named client is not the user’s (404)', async () => {
  const { service, habits } = serviceWith({
    learnAliases: async () => {
      throw notFound('Client');
    },
  });
  await expect(service.learn(anna, { clientAliases: [{ alias: 'x', clientId: HARBOR }], estimates: [{ title: 'Payroll run', estimatedTime: '1h' }] })).rejects.toMatchObject({
    status: 404,
  });
  expect(habits.rows).toEqual([]);
});
