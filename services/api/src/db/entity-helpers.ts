import { randomUUID } from 'node:crypto';
import { p } from '@mikro-orm/core';

/** Columns every owned table shares: a uuid key and creation/update instants. */
export const idProperty = () => p.uuid().primary().onCreate(() => randomUUID());
export const createdAtProperty = () => p.datetime().onCreate(() => new Date()).defaultRaw('now()');
export const updatedAtProperty = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date())
    .defaultRaw('now()');
