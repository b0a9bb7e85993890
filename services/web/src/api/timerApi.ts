import type { TimeEntry, TimerState } from '@daybook/shared';
import { isQueuedAnswer } from '../lib/offlineProtocol';
import { baseApi } from './baseApi';

/** The task a timer starts on: shown in the header at once, before the api (or, offline, the replay) answers. */
export interface TimerTask {
  id: string;
  title: string;
  clientId: string | null;
}

/** The id of a timer shown before the api has answered (started offline, say). */
export const PENDING_ENTRY_ID = 'pending';

/** A start or stop changes the tasks' tracked time and the entry lists. */
const TIMER_WRITE_TAGS = ['Task', 'TimeEntry'] as const;

/** A change queued offline (`{queued: true}`): the cache keeps what it showed at once. */
type TimerAnswer = TimerState | { queued: true };

const pendingEntry = (task: TimerTask): TimeEntry => ({
  id: PENDING_ENTRY_ID,
  taskId: task.id,
  taskTitle: task.title,
  clientId: task.clientId,
  startedAt: new Date().toISOString(),
  endedAt: null,
  durationSeconds: null,
  note: '',
  billable: false,
  billingPeriodId: null,
  overlaps: [],
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

/**
 * The timer (DECISIONS 31): one per user, on every device. Start and stop show at once; the api's answer
 * then replaces what was shown (or, when the change was queued offline, the replay's refresh does).
 */
export const timerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTimer: build.query<TimerState, void>({ query: () => 'timer', providesTags: ['Timer'] }),

    startTimer: build.mutation<TimerAnswer, TimerTask>({
      query: (task) => ({ url: 'timer', method: 'POST', body: { taskId: task.id } }),
      async onQueryStarted(task, { dispatch, queryFulfilled }) {
        const shown = dispatch(
          timerApi.util.updateQueryData('getTimer', undefined, (draft) => {
            if (draft.running?.taskId !== task.id) return { running: pendingEntry(task), stopped: null };
            return draft;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          if (!isQueuedAnswer(data)) dispatch(timerApi.util.updateQueryData('getTimer', undefined, () => data as TimerState));
        } catch {
          shown.undo();
        }
      },
      invalidatesTags: (_answer, error) => (error ? [] : [...TIMER_WRITE_TAGS]),
    }),

    /** Stops the timer shown (`entryId`): a timer another device started meanwhile keeps running. */
    stopTimer: build.mutation<TimerAnswer, { entryId: string }>({
      query: ({ entryId }) => ({ url: 'timer/stop', method: 'POST', body: entryId === PENDING_ENTRY_ID ? {} : { entryId } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const shown = dispatch(timerApi.util.updateQueryData('getTimer', undefined, () => ({ running: null, stopped: null })));
        try {
          const { data } = await queryFulfilled;
          if (!isQueuedAnswer(data)) dispatch(timerApi.util.updateQueryData('getTimer', undefined, () => data as TimerState));
        } catch {
          shown.undo();
        }
      },
      invalidatesTags: (_answer, error) => (error ? [] : [...TIMER_WRITE_TAGS]),
    }),
  }),
});

export const { useGetTimerQuery, useStartTimerMutation, useStopTimerMutation } = timerApi;
