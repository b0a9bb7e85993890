import type { User as UserDto } from '@daybook/shared';
import type { User } from './user.entity';

/** The user as the api answers it: never the password hash. */
export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email ?? null,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    profileImageUrl: user.profileImageUrl ?? null,
    role: user.role,
    timezone: user.timezone as UserDto['timezone'],
    enableDelegation: user.enableDelegation,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
