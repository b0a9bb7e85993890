import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/entity-helpers';
import { UserEntity } from '../users/user.entity';

/** A user's plan for one local day (DECISIONS 14): the top-3 task ids and whether the review was done. */
export const DailyPlanEntity = defineEntity({
  name: 'DailyPlan',
  tableName: 'daily_plans',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade'),
    day: p.string().columnType('date'),
    priorityTaskIds: p.array().columnType('uuid[]').nullable(),
    reviewedAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  uniques: [{ name: 'daily_plans_user_day_unique', properties: ['user', 'day'] }],
});
export type DailyPlan = InferEntity<typeof DailyPlanEntity>;
