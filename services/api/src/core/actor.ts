import type { Role, Timezone } from '@daybook/shared';

/**
 * The signed-in user as every service receives it (first argument: `tasks.list(actor, query)`): read with
 * the session, in the same query. Services know this type and nothing of the HTTP layer.
 */
export interface Actor {
  id: string;
  username: string;
  role: Role;
  timezone: Timezone;
  enableDelegation: boolean;
}
