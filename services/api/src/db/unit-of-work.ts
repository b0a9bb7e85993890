import type { EntityManager } from '@mikro-orm/postgresql';

/** What a service decides about storage: which work runs as one transaction. */
export interface UnitOfWork {
  /** Runs `work` in one database transaction: every repository statement it calls joins it. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * The two things a repository needs from MikroORM. `db()` is the EntityManager of the moment: the request's,
 * or inside `transaction` the transaction's (MikroORM's transaction context follows the async calls), so
 * repositories never pass a transaction around and several of them join the same one.
 */
export function dataAccess(rootEm: EntityManager): UnitOfWork & { db: () => EntityManager } {
  const db = () => rootEm.getContext() as EntityManager;
  return { db, transaction: (work) => db().transactional(() => work()) };
}
