import type { Plugin } from 'vite';

/**
 * Moves the app's stylesheets from the head to the end of the body: index.html's loading screen (inline
 * styles) then paints as soon as the page is parsed instead of waiting for them, before the app's
 * JavaScript runs (issue 18: the first paint was otherwise held behind the stylesheet and then the app's
 * scripts). The app's scripts still wait for them, so nothing renders unstyled.
 */
export function stylesAfterContent(): Plugin {
  const stylesheet = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
  return {
    name: 'daybook:styles-after-content',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(stylesheet) ?? [];
        if (links.length === 0) return html;
        return html.replace(stylesheet, '').replace('</body>', `${links.map((link) => `  ${link.trim()}\n`).join('')}  </body>`);
      },
    },
  };
}
