import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ESTIMATED_TIME_MAX, TASK_TITLE_MAX } from '@daybook/shared';
import { idProperty, updatedAtProperty } from '../../db/entity-helpers';
import { UserEntity } from '../users/user.entity';

/**
 * A user's usual estimate for a kind of work (DECISIONS 28), learned from the estimates they chose in the
 * capture preview: one row per `taskKind` of a title, the newest choice wins, at most ESTIMATE_HABITS_MAX
 * per user (the least recently updated go first).
 */
export const EstimateHabitEntity = defineEntity({
  name: 'EstimateHabit',
  tableName: 'estimate_habits',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade'),
    kind: p.string().length(TASK_TITLE_MAX),
    estimatedTime: p.string().length(ESTIMATED_TIME_MAX),
    updatedAt: updatedAtProperty(),
  },
  uniques: [{ name: 'estimate_habits_user_kind_unique', properties: ['user', 'kind'] }],
});
export type EstimateHabit = InferEntity<typeof EstimateHabitEntity>;
