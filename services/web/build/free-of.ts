import type { Plugin } from 'vite';

/**
 * The modules matching `include` that never load one matching `avoid`, directly or through their imports:
 * known at the end of the build graph, for a chunk group to take them all (see vite.config.ts).
 */
export function modulesFreeOf(include: RegExp, avoid: RegExp) {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'daybook:modules-free-of',
    buildEnd() {
      members.clear();
      const verdicts = new Map<string, boolean>();
      const loadsAvoided = (id: string, path: Set<string>): boolean => {
        const known = verdicts.get(id);
        if (known !== undefined) return known;
        if (avoid.test(id)) return true;
        if (path.has(id)) return false; // a cycle: decided where it started
        path.add(id);
        const verdict = (this.getModuleInfo(id)?.importedIds ?? []).some((next) => loadsAvoided(next, path));
        path.delete(id);
        verdicts.set(id, verdict);
        return verdict;
      };
      for (const id of this.getModuleIds()) if (include.test(id) && !loadsAvoided(id, new Set())) members.add(id);
    },
  };
  return { plugin, test: (id: string) => members.has(id) };
}
