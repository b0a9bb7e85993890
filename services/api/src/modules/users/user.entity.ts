import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { DEFAULT_TIMEZONE, DEFAULT_WORKING_MINUTES, ROLES } from '@daybook/shared';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/entity-helpers';

export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: idProperty(),
    username: p.string().length(64),
    /** TR39 skeleton of the username, case folded (see username.ts); null only for look-alikes that predate it. */
    usernameSkeleton: p.text().nullable(),
    email: p.string().length(254).nullable(),
    /** When the address became known to be the user's (admin, confirmation mail, a provider's verified claim); null: unverified. */
    emailVerifiedAt: p.datetime().nullable(),
    /** Null for an account that signs in through OpenID Connect only (DECISIONS 30). */
    passwordHash: p.text().hidden().nullable(),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    profileImageUrl: p.text().nullable(),
    role: p.enum([...ROLES]).default('user'),
    timezone: p.string().length(100).default(DEFAULT_TIMEZONE),
    enableDelegation: p.boolean().default(false),
    /** Working minutes per weekday, Sunday first (DECISIONS 34). */
    workingMinutes: p.json<number[]>().default(JSON.stringify(DEFAULT_WORKING_MINUTES)),
    /** The last sign-in, with a password or through OpenID Connect (User Management shows it). */
    lastSignInAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  // Usernames and emails are unique regardless of case ("Anna" and "anna" are one person), and usernames
  // also by how they look (DECISIONS 24: "anna" with a Cyrillic "а" (U+0430) is still "anna").
  uniques: [
    { name: 'users_username_lower_unique', expression: 'create unique index "users_username_lower_unique" on "users" (lower("username"))' },
    { name: 'users_username_skeleton_unique', properties: ['usernameSkeleton'] },
    { name: 'users_email_lower_unique', expression: 'create unique index "users_email_lower_unique" on "users" (lower("email"))' },
  ],
});
export type User = InferEntity<typeof UserEntity>;
