import type { RegisterBody } from '@daybook/shared';
import type { User } from '../users/user.entity';
import type { UsersService } from '../users/users.service';
import { decoyPasswordHash, verifyPassword } from './passwords';

/**
 * Signing in and up (DECISIONS 4–6). Throttling by address stays with the route, which knows the address
 * and counts each attempt before it reaches this service.
 */
export function createAuthService(users: UsersService) {
  return {
    register: (body: RegisterBody): Promise<User> => users.register(body),

    /**
     * The user these credentials belong to, or null. An unknown username costs a password check too (a
     * decoy hash), so the answer's timing does not tell which usernames exist.
     */
    async checkCredentials(username: string, password: string): Promise<User | null> {
      const user = await users.findByUsername(username);
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
      return user && valid ? user : null;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
