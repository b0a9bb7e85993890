import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/entity-helpers';
import { UserEntity } from '../users/user.entity';

export const DelegationContactEntity = defineEntity({
  name: 'DelegationContact',
  tableName: 'delegation_contacts',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade'),
    name: p.string().length(200),
    sortOrder: p.integer().default(0),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  indexes: [{ name: 'delegation_contacts_user_order_idx', properties: ['user', 'sortOrder'] }],
});
export type DelegationContact = InferEntity<typeof DelegationContactEntity>;
