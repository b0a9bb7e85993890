import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty } from '../../db/entity-helpers';
import { UserEntity } from '../users/user.entity';

/**
 * An account at an OpenID Connect provider that signs a user in (DECISIONS 30): the provider's issuer and
 * its subject, the one identifier a provider promises never to reuse. One identity belongs to one user.
 */
export const OidcIdentityEntity = defineEntity({
  name: 'OidcIdentity',
  tableName: 'user_identities',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade').index('user_identities_user_idx'),
    issuer: p.text(),
    subject: p.text(),
    createdAt: createdAtProperty(),
  },
  uniques: [{ name: 'user_identities_issuer_subject_unique', properties: ['issuer', 'subject'] }],
});
export type OidcIdentity = InferEntity<typeof OidcIdentityEntity>;
