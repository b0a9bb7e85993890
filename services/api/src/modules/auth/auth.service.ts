import type { RegisterBody, User as UserDto } from '@daybook/shared';
import type { UsersService } from '../users/users.service';
import { decoyPasswordHash, verifyPassword } from './passwords';

/**
 * Signing in and up (DECISIONS 4–6). Throttling by address stays with the route, which knows the address
 * and counts each attempt before it reaches this service.
 */
export function createAuthService(users: Pick<UsersService, 'register' | 'findCredentials'>) {
  return {
    register: (body: RegisterBody): Promise<UserDto> => users.register(body),

    /**
     * The user these credentials belong to, or null. An unknown username costs a password check too (a
     * decoy hash), so the answer's timing does not tell which usernames exist.
     */
    async checkCredentials(username: string, password: string): Promise<UserDto | null> {
      const found = await users.findCredentials(username);
      const valid = await verifyPassword(found?.passwordHash ?? (await decoyPasswordHash()), password);
      return found && valid ? found.user : null;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
