import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserEntity } from '../users/user.entity';

/**
 * Server-side sessions (DECISIONS 4): the spec's sid, sess, expire, plus the owner so that a password
 * reset or a deletion ends all of a user's sessions with one indexed delete.
 */
export const SessionEntity = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    sid: p.string().length(128).primary(),
    sess: p.json(),
    expire: p.datetime().index('sessions_expire_idx'),
    user: () => p.manyToOne(UserEntity).ref().nullable().deleteRule('cascade').index('sessions_user_idx'),
  },
});
export type Session = InferEntity<typeof SessionEntity>;
