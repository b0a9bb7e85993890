import { makeStore } from '../../app/store';
import { dailyPlanApi } from '../../api/dailyPlanApi';
import { makeDailyPlan } from '../../test/fixtures';
import { preloadDueReview } from './DailyReviewFlow';

const mockLoaded = jest.fn();
jest.mock('./OverdueReviewDialog', () => {
  mockLoaded();
  return { __esModule: true, default: () => null };
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the overdue review code, before the first render', () => {
  it('starts loading when today is not reviewed yet, and not when it is (or no plan is known)', async () => {
    const store = makeStore();
    preloadDueReview(store.getState());
    await store.dispatch(dailyPlanApi.util.upsertQueryData('getDailyPlan', undefined, makeDailyPlan({ reviewed: true })));
    preloadDueReview(store.getState());
    await settle();
    expect(mockLoaded).not.toHaveBeenCalled();

    await store.dispatch(dailyPlanApi.util.upsertQueryData('getDailyPlan', undefined, makeDailyPlan({ reviewed: false })));
    preloadDueReview(store.getState());
    await settle();
    expect(mockLoaded).toHaveBeenCalledTimes(1);
  });
});
