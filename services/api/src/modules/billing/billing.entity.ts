import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { DEFAULT_CURRENCY } from '@daybook/shared';
import { idProperty } from '../../db/entity-helpers';
import { ClientEntity } from '../clients/client.entity';
import { UserEntity } from '../users/user.entity';

/** A user's billing settings (DECISIONS 31): the currency of every amount, the rate of clients without one. No row: USD, 0. */
export const BillingSettingsEntity = defineEntity({
  name: 'BillingSettings',
  tableName: 'billing_settings',
  properties: {
    user: () => p.oneToOne(UserEntity).ref().primary().owner().deleteRule('cascade'),
    currency: p.string().length(3).default(DEFAULT_CURRENCY),
    defaultHourlyRateMinor: p.integer().default(0),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
export type BillingSettingsRow = InferEntity<typeof BillingSettingsEntity>;

/**
 * A billed period (DECISIONS 31): a client's unbilled, billable, ended entries between two calendar dates,
 * stamped with its id in one transaction, and what they came to then. Deleting it unbills them
 * (`time_entries.billing_period_id` sets null; the foreign key is in Migration20261201110000).
 */
export const BillingPeriodEntity = defineEntity({
  name: 'BillingPeriod',
  tableName: 'billing_periods',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade'),
    client: () => p.manyToOne(ClientEntity).ref().deleteRule('cascade'),
    fromDate: p.string().columnType('date'),
    toDate: p.string().columnType('date'),
    billedAt: p.datetime().defaultRaw('now()'),
    entryCount: p.integer(),
    seconds: p.bigint(),
    hoursHundredths: p.bigint(),
    rateMinor: p.integer(),
    amountMinor: p.bigint(),
    currency: p.string().length(3),
  },
  indexes: [
    { name: 'billing_periods_user_billed_idx', expression: 'create index "billing_periods_user_billed_idx" on "billing_periods" ("user_id", "billed_at" desc, "id" desc)' },
    { name: 'billing_periods_client_billed_idx', expression: 'create index "billing_periods_client_billed_idx" on "billing_periods" ("client_id", "billed_at" desc, "id" desc)' },
  ],
});
export type BillingPeriodRow = InferEntity<typeof BillingPeriodEntity>;
