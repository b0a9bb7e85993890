import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty } from '../../db/entity-helpers';
import { UserEntity } from '../users/user.entity';

export const TimeIncrementEntity = defineEntity({
  name: 'TimeIncrement',
  tableName: 'time_increments',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade'),
    label: p.string().length(50),
    value: p.string().length(20),
    createdAt: createdAtProperty(),
  },
  uniques: [{ name: 'time_increments_user_value_unique', properties: ['user', 'value'] }],
});
export type TimeIncrement = InferEntity<typeof TimeIncrementEntity>;
