import type { User } from '@daybook/shared';
import type { AppStore } from '../app/store';
import { authApi } from './authApi';
import { baseApi } from './baseApi';
import { readLocalAnswers, revalidateLocalAnswers } from './firstAnswers';

/**
 * A repeat visit starts from the answers kept on this device (issue 18, firstAnswers.ts): called once
 * before the first render. The screen shows them at once; the network then says who is signed in, and the
 * lists are read again (the same user) or everything kept is forgotten and the page starts over.
 */
export function startFromLocalAnswers(store: AppStore): void {
  readLocalAnswers();
  void revalidateLocalAnswers({
    showKeptUser: () => store.dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false })),
    updateUser: (user: User) => store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user)),
    refreshLists: () => store.dispatch(baseApi.util.invalidateTags(['Task', 'DailyPlan', 'Client'])),
    startOver: () => window.location.reload(),
  });
}
