import type { Plugin } from 'vite';

/**
 * Lets the browser fetch one route's chunks while it is still loading the entry: `<link rel=modulepreload>`
 * for the chunk of `route` (a lazily imported screen), the chunks of `firstRenderWaitsFor` (modules the
 * route imports lazily but its first render waits for) and every chunk those import statically that the
 * entry does not already load. Used for the dashboard, the first screen of a signed-in user, which
 * otherwise starts downloading only after the entry has run and the current user has answered.
 */
export function preloadRoute(route: string, firstRenderWaitsFor: readonly string[] = []): Plugin {
  return {
    name: 'daybook:preload-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const chunkOf = (module: string) => {
          const found = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(module)));
          if (!found) throw new Error(`preloadRoute: no chunk for ${module}`);
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
        for (const module of [route, ...firstRenderWaitsFor]) walk(chunkOf(module).fileName, preload);
        return [...preload]
          .filter((file) => !loaded.has(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}
