import type { TimeEntry } from '@daybook/shared';
import { timerApi, useGetTimerQuery, useStartTimerMutation, useStopTimerMutation, type TimerTask } from '../../api/timerApi';
import type { AppStore } from '../../app/store';
import { reportFailure } from '../../lib/feedback';

/** The keys that start or stop the timer of the task open in the task dialog. */
export const TIMER_SHORTCUT = 'Alt+T';
/** True for the keydown of TIMER_SHORTCUT (by key position: Option+T types a character on a Mac). */
export const isTimerShortcut = (event: KeyboardEvent) => event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === 'KeyT';

const START_FAILED = 'Failed to start the timer';
const STOP_FAILED = 'Failed to stop the timer';

/** Runs a start or stop, with the failure toast (and the api's reason, a quota say). */
async function withFailureToast(run: () => Promise<unknown>, failure: string): Promise<void> {
  try {
    await run();
  } catch (error) {
    reportFailure(error, failure, { showReason: true });
  }
}

export interface TimerControls {
  /** The running entry (on any task), or null. */
  running: TimeEntry | null;
  busy: boolean;
  start: (task: TimerTask) => Promise<void>;
  stop: () => Promise<void>;
  /** Stops the task's timer when it runs, else starts it (ending any other). */
  toggle: (task: TimerTask) => Promise<void>;
}

/** Start and stop for the header and the task dialog. */
export function useTimerControls(): TimerControls {
  const { data } = useGetTimerQuery();
  const [startTimer, starting] = useStartTimerMutation();
  const [stopTimer, stopping] = useStopTimerMutation();
  const running = data?.running ?? null;

  const start = (task: TimerTask) => withFailureToast(() => startTimer(task).unwrap(), START_FAILED);
  const stop = async () => {
    if (running) await withFailureToast(() => stopTimer({ entryId: running.id }).unwrap(), STOP_FAILED);
  };
  return { running, busy: starting.isLoading || stopping.isLoading, start, stop, toggle: (task) => (running?.taskId === task.id ? stop() : start(task)) };
}

/** The same toggle outside React (a task card's menu, which loads this module when first used). */
export async function toggleTimer(store: AppStore, task: TimerTask): Promise<void> {
  const running = timerApi.endpoints.getTimer.select()(store.getState()).data?.running ?? null;
  if (running?.taskId === task.id) await withFailureToast(() => store.dispatch(timerApi.endpoints.stopTimer.initiate({ entryId: running.id })).unwrap(), STOP_FAILED);
  else await withFailureToast(() => store.dispatch(timerApi.endpoints.startTimer.initiate(task)).unwrap(), START_FAILED);
}
