import { renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import { timerApi } from '../api/timerApi';
import { makeStore } from '../app/store';
import { uuid } from '../test/fixtures';
import { json, mockFetch } from '../test/render';
import { makeTimeEntry, timerState } from '../test/timeFixtures';
import { useRunningTimerTaskId } from './timerCache';

describe('the running timer’s task, for task cards', () => {
  it('reads the answer the timer’s endpoint cached (and null before there is one)', async () => {
    mockFetch((req) => (req.path === '/api/timer' ? json(200, timerState(makeTimeEntry({ taskId: uuid(7), endedAt: null }))) : undefined));
    const store = makeStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useRunningTimerTaskId(), { wrapper });
    expect(result.current).toBeNull();
    void store.dispatch(timerApi.endpoints.getTimer.initiate());
    await waitFor(() => expect(result.current).toBe(uuid(7)));
  });
});
