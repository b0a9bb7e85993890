import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserEntity } from '../users/user.entity';

/**
 * Server-side sessions (DECISIONS 4): the spec's sid, sess, expire, plus the owner so that a password
 * reset or a deletion ends all of a user's sessions with one indexed delete, and what the sessions list
 * shows (DECISIONS 48), filled by the session store: an id of its own for the browser, the sign-in, the
 * last use (to the minute) and the device and address of that use.
 */
export const SessionEntity = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    sid: p.string().length(128).primary(),
    sess: p.json(),
    expire: p.datetime().index('sessions_expire_idx'),
    user: () => p.manyToOne(UserEntity).ref().nullable().deleteRule('cascade').index('sessions_user_idx'),
    publicId: p.uuid().defaultRaw('gen_random_uuid()').unique('sessions_public_id_unique'),
    createdAt: p.datetime().defaultRaw('now()'),
    lastSeenAt: p.datetime().defaultRaw('now()'),
    userAgent: p.string().length(512).nullable(),
    ip: p.string().length(64).nullable(),
  },
});
export type Session = InferEntity<typeof SessionEntity>;
