import type { Plugin } from 'vite';

/**
 * Keeps one route's first-paint modules in a single chunk. Without it, every lazy screen that shares a
 * few of the dashboard's modules (task cards, MUI menus, api slices…) makes the bundler cut those into
 * a separate small chunk per combination of screens, and many small chunks compress worse than one (the
 * dashboard's JavaScript grew by about 11 KB gzip that way). At the end of the build graph this walks the
 * static imports from `route`, leaving out what the entry already loads, and `group.test` captures
 * exactly those modules. Screens that share some of them load that chunk too, except the `keepOut`
 * routes (the signed-out landing page): modules they share stay out of the chunk.
 */
export function routeChunk(route: string, entry: string, keepOut: readonly string[] = []) {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'daybook:route-chunk',
    buildEnd() {
      members.clear();
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
      const routeId = [...this.getModuleIds()].find((id) => id.endsWith(route));
      const entryId = [...this.getModuleIds()].find((id) => id.endsWith(entry));
      if (!routeId || !entryId) return;
      const outside = reach(entryId);
      for (const other of keepOut) {
        const otherId = [...this.getModuleIds()].find((id) => id.endsWith(other));
        if (otherId) for (const id of reach(otherId)) outside.add(id);
      }
      for (const id of reach(routeId)) if (!outside.has(id) && id !== routeId) members.add(id);
    },
  };
  return { plugin, test: (id: string) => members.has(id) };
}
