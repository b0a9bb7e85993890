import type { User } from '@daybook/shared';
import type { AppStore } from '../app/store';
import { authApi } from './authApi';
import { startDashboardReads } from './dashboardReads';
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
    // Read again in place: the reads the screen has not subscribed to yet would be dropped by an invalidation.
    refreshLists: (user: User) => void startDashboardReads(store.dispatch, user, window.location.pathname, { refresh: true }),
    startOver: () => window.location.reload(),
  });
}
