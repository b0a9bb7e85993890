import { toApiError } from '../api/apiError';
import { reportFailure, runWithToasts } from './feedback';
import { getToasts } from './toast';
import { VIBRATION_PATTERNS } from './vibrate';

const shown = () => getToasts().map(({ title, description, variant }) => ({ title, description, variant }));
const refused = toApiError(409, { error: { code: 'quota_exceeded', message: 'You have reached the limit of 500 notes.' } });

describe('the failure-toast policy (spec §8)', () => {
  let vibrate: jest.Mock;
  beforeEach(() => {
    vibrate = jest.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  });

  it('says nothing after a 401: the logout toast is the only message', () => {
    reportFailure(toApiError(401, { error: { code: 'unauthorized', message: 'Unauthorized' } }), 'Failed to update task', { vibrate: true, showReason: true });
    expect(shown()).toEqual([]);
    expect(vibrate).not.toHaveBeenCalled();
  });

  it("shows the failure under 'Error', with the error vibration when asked", () => {
    reportFailure(toApiError(500, 'oops'), 'Failed to update task');
    expect(shown()).toEqual([{ title: 'Error', description: 'Failed to update task', variant: 'destructive' }]);
    expect(vibrate).not.toHaveBeenCalled();
    reportFailure(new Error('offline'), 'Failed to reorder tasks', { vibrate: true });
    expect(shown()).toEqual([{ title: 'Error', description: 'Failed to reorder tasks', variant: 'destructive' }]);
    expect(vibrate).toHaveBeenCalledWith([...VIBRATION_PATTERNS.error]);
  });

  it('shows the api’s reason for a refusal only when asked', () => {
    reportFailure(refused, 'Failed to add note.');
    expect(shown()).toEqual([{ title: 'Error', description: 'Failed to add note.', variant: 'destructive' }]);
    reportFailure(refused, 'Failed to add note.', { showReason: true });
    expect(shown()).toEqual([{ title: 'Failed to add note.', description: 'You have reached the limit of 500 notes.', variant: 'destructive' }]);
  });

  it('runs a write with its success toast, or the failure policy', async () => {
    await expect(runWithToasts(() => Promise.resolve(), { success: { title: 'Client added' }, failure: 'Failed to add client' })).resolves.toBe(true);
    expect(shown()).toEqual([{ title: 'Client added', description: undefined, variant: 'success' }]);
    expect(vibrate).not.toHaveBeenCalled();

    await runWithToasts(() => Promise.resolve(), { success: { title: 'Task archived' }, failure: 'Failed to archive task', vibrateOnSuccess: true });
    expect(vibrate).toHaveBeenLastCalledWith([...VIBRATION_PATTERNS.success]);

    await expect(runWithToasts(() => Promise.reject(refused), { success: { title: 'Client added' }, failure: 'Failed to add client' })).resolves.toBe(false);
    expect(shown()).toEqual([{ title: 'Error', description: 'Failed to add client', variant: 'destructive' }]);
    expect(vibrate).toHaveBeenLastCalledWith([...VIBRATION_PATTERNS.error]);
  });
});
