import type { Client } from '@daybook/shared';

/** The client tag select's value for "No client". */
export const NO_CLIENT = 'none';

/** The client id a tag select's value stands for: null for none. */
export const clientIdOfTag = (tag: string): string | null => (tag === NO_CLIENT || tag === '' ? null : tag);

/** The client a page or a note is tagged with, while it exists. */
export const taggedClient = (clients: readonly Client[], id: string | null | undefined) => (id ? clients.find((client) => client.id === id) : undefined);
