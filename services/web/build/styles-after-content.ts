import type { Plugin } from 'vite';

/**
 * Moves the app's stylesheets from the head to the end of the body, preloaded from the head: index.html's
 * loading screen (inline styles) then paints as soon as the page is parsed instead of waiting for them,
 * before the app's JavaScript runs (issue 18: the first paint was otherwise held behind the stylesheet and
 * then the app's scripts). The app's scripts still wait for them, so nothing renders unstyled; the
 * preload keeps their download first in line, as from the head (found only at the end of the body, a
 * stylesheet is fetched later and the scripts wait longer).
 */
export function stylesAfterContent(): Plugin {
  const stylesheet = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
  return {
    name: 'daybook:styles-after-content',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = (html.match(stylesheet) ?? []).map((link) => link.trim());
        if (links.length === 0) return html;
        const preloads = links.map((link) => link.replace('rel="stylesheet"', 'rel="preload" as="style"'));
        return html
          .replace(stylesheet, '')
          .replace(/<head>\n/, (head) => `${head}${preloads.map((link) => `    ${link}\n`).join('')}`)
          .replace('</body>', `${links.map((link) => `  ${link}\n`).join('')}  </body>`);
      },
    },
  };
}
