import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { modulepreloadTags } from './modulepreload';

/**
 * A second, small entry that index.html loads before the app (`<script type="module" async>` first in its
 * head, with `<link rel=modulepreload>` for what it imports): an async module script runs as soon as it and
 * its imports have arrived, without waiting for the page to be parsed and its stylesheets loaded as the
 * app's entry does, so this one runs while the app's larger JavaScript is still downloading. Used for the
 * first screen's reads (src/firstReads.ts). A script of index.html itself would not do: Vite bundles all
 * of those into the app's entry.
 */
export function earlyEntry(name: string, source: URL): Plugin {
  const path = fileURLToPath(source);
  return {
    name: 'daybook:early-entry',
    config(config) {
      const input = config.build?.rolldownOptions?.input;
      if (input !== undefined) throw new Error('earlyEntry: the build already names its inputs');
      return { build: { rolldownOptions: { input: { index: fileURLToPath(new URL('../index.html', import.meta.url)), [name]: path } } } };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, server }) {
        if (server) return [{ tag: 'script', attrs: { type: 'module', async: true, src: `/${relative(server.config.root, path)}` }, injectTo: 'head-prepend' }];
        if (!bundle) return [];
        const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry && output.name === name);
        if (!chunk || chunk.type !== 'chunk') throw new Error(`earlyEntry: no chunk for ${name}`);
        return [
          { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` }, injectTo: 'head-prepend' as const },
          ...modulepreloadTags(chunk.imports, html, 'head-prepend'),
        ];
      },
    },
  };
}
