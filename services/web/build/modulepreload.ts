import type { HtmlTagDescriptor } from 'vite';

/**
 * `<link rel=modulepreload>` tags for `files` (chunk file names), leaving out those `html` already
 * preloads: another plugin, or Vite for the app's entry, may have added them.
 */
export function modulepreloadTags(files: Iterable<string>, html: string, injectTo: HtmlTagDescriptor['injectTo']): HtmlTagDescriptor[] {
  return [...files]
    .filter((file) => !html.includes(`href="/${file}"`))
    .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo }));
}
