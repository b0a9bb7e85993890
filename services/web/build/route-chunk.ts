import type { Plugin } from 'vite';

/**
 * Keeps the first paint of the entry and of one route in three chunks instead of dozens. Without it, every
 * lazy screen that shares a few of their modules (task cards, MUI menus, api slices…) makes the bundler cut
 * those into a separate small chunk per combination of screens: many small chunks compress worse than one
 * (the dashboard's JavaScript grew by about 11 KB gzip that way), and on a phone's connection each costs a
 * round trip of its own, six at a time (issue 18). At the end of the build graph this walks the static
 * imports from the entry and from `route`, and the groups capture:
 *  - `entry`: every module the entry loads (imported by the entry chunk, loaded with it), except those
 *    `entryLeavesOut` (a barrel package's modules: its schemas, reached through the barrel, would stay in
 *    that chunk for the dialogs that use them, with zod);
 *  - `route`: the route's modules the entry does not load and the `keepOut` routes (the signed-out pages) do
 *    not share;
 *  - `shared`: the route's modules those routes share too (loaded by both).
 */
export function routeChunks(route: string, entry: string, keepOut: readonly string[] = [], entryLeavesOut?: { test(id: string): boolean }) {
  const entryMembers = new Set<string>();
  const routeMembers = new Set<string>();
  const sharedMembers = new Set<string>();
  const plugin: Plugin = {
    name: 'daybook:route-chunks',
    buildEnd() {
      for (const members of [entryMembers, routeMembers, sharedMembers]) members.clear();
      const idOf = (path: string) => [...this.getModuleIds()].find((id) => id.endsWith(path));
      const reach = (start: string) => {
        const seen = new Set<string>();
        const stack = [start];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
        }
        return seen;
      };
      const routeId = idOf(route);
      const entryId = idOf(entry);
      if (!routeId || !entryId) return;
      const entryReach = reach(entryId);
      for (const id of entryReach) if (id !== entryId && !entryLeavesOut?.test(id)) entryMembers.add(id);
      const outside = new Set<string>();
      for (const other of keepOut) {
        const otherId = idOf(other);
        if (otherId) for (const id of reach(otherId)) outside.add(id);
      }
      for (const id of reach(routeId)) {
        if (id === routeId || entryReach.has(id)) continue;
        (outside.has(id) ? sharedMembers : routeMembers).add(id);
      }
    },
  };
  const test = (members: Set<string>) => (id: string) => members.has(id);
  return { plugin, entry: test(entryMembers), route: test(routeMembers), shared: test(sharedMembers) };
}
