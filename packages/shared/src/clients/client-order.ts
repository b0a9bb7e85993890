export interface ClientOrderable {
  name: string;
  sortOrder: number;
}

/** Client order (spec §9): sortOrder ascending, then name, case-insensitive. */
export function compareClients(a: ClientOrderable, b: ClientOrderable): number {
  return a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
}

export const sortClients = <T extends ClientOrderable>(clients: readonly T[]): T[] => [...clients].sort(compareClients);

/**
 * The client whose name equals `name` ignoring case and surrounding spaces (spec §5: the AI client name
 * and the combo box's "no exact match" check), or undefined.
 */
export function findClientByName<T extends { name: string }>(clients: readonly T[], name: string | null | undefined): T | undefined {
  const wanted = (name ?? '').trim().toLowerCase();
  if (wanted === '') return undefined;
  return clients.find((client) => client.name.trim().toLowerCase() === wanted);
}
