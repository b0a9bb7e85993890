import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { DEFAULT_CLIENT_COLOR } from '@daybook/shared';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/entity-helpers';
import { UserEntity } from '../users/user.entity';

export const ClientEntity = defineEntity({
  name: 'Client',
  tableName: 'clients',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserEntity).ref().deleteRule('cascade'),
    name: p.string().length(200),
    color: p.string().length(7).default(DEFAULT_CLIENT_COLOR),
    /** Other names the user calls the client by (DECISIONS 28); with the names, unique per user ignoring case (the service checks). */
    aliases: p.array().default([]),
    sortOrder: p.integer().default(0),
    /** Whether time for the client is billable unless an entry says otherwise (DECISIONS 31; Migration20261201100000). */
    billable: p.boolean().default(true),
    /** The client's hourly rate in minor units (cents); null: the user's default (DECISIONS 31; Migration20261201110000). */
    hourlyRateMinor: p.integer().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  indexes: [{ name: 'clients_user_order_idx', properties: ['user', 'sortOrder', 'name'] }],
  // A user's client names are unique regardless of case (DECISIONS 24).
  uniques: [
    {
      name: 'clients_user_name_lower_unique',
      expression: 'create unique index "clients_user_name_lower_unique" on "clients" ("user_id", lower("name"))',
    },
  ],
});
export type Client = InferEntity<typeof ClientEntity>;
