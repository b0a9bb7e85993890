import type { Plugin } from 'vite';
import { modulepreloadTags } from './modulepreload';

/**
 * Lets the browser fetch chunks the entry loads later while it is still loading the entry:
 * `<link rel=modulepreload>` for the chunk of each of `modules` (imported lazily) and every chunk those
 * import statically that the entry does not already load, in that order. Used for the app itself (which
 * index.html's entry starts after the first paint), then the dashboard, the first screen of a signed-in
 * user, and what its first render waits for: otherwise each would start downloading only once the code
 * before it has run (and, for the dashboard, the current user has answered).
 */
export function preloadModules(modules: readonly string[]): Plugin {
  return {
    name: 'daybook:preload-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const chunkOf = (module: string) => {
          const found = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(module)));
          if (!found) throw new Error(`preloadModules: no chunk for ${module}`);
          return found;
        };
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const loaded = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) walk(imported, into);
        };
        walk(entry.fileName, loaded);
        const preload = new Set<string>();
        for (const module of modules) walk(chunkOf(module).fileName, preload);
        return modulepreloadTags([...preload].filter((file) => !loaded.has(file)), html, 'head');
      },
    },
  };
}
