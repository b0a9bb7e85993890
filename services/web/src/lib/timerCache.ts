import { useSelector } from 'react-redux';
import { timerApi } from '../api/timerApi';

const selectTimer = timerApi.endpoints.getTimer.select();

/**
 * The task whose timer runs, from the last answer the header's timer read (DECISIONS 31): task cards read
 * the cache and never ask the api themselves.
 */
export const useRunningTimerTaskId = (): string | null =>
  useSelector((state: Parameters<typeof selectTimer>[0]) => selectTimer(state).data?.running?.taskId ?? null);
