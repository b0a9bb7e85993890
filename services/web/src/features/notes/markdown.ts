import MarkdownIt from 'markdown-it';

/**
 * Notes' markdown, rendered safely: raw HTML is escaped (html: false), so `<script>` or
 * `<img onerror>` are shown as text; links and images are kept only for http(s), mailto, relative
 * and #anchors (no javascript:, vbscript:, data: or file:); links open in a new tab with
 * rel="noopener noreferrer".
 */
const SAFE_URL = /^(?:https?:|mailto:)/i;

export function isSafeUrl(url: string): boolean {
  // Browsers ignore tabs, newlines and control characters in a scheme ("java\tscript:").
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (SAFE_URL.test(cleaned)) return true;
  // Anything else with a scheme (a colon before the first / ? #) is refused; relative urls stay.
  return !/^[^/?#]*:/.test(cleaned);
}

const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
md.validateLink = (url: string) => isSafeUrl(url);

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}

export interface FoundLink {
  start: number;
  end: number;
  href: string;
}

/** The http(s) addresses in plain text, found as the markdown view finds them (linkify), safe ones only. */
export function findLinks(text: string): FoundLink[] {
  return (md.linkify.match(text) ?? [])
    .filter((match) => /^https?:/i.test(match.url) && isSafeUrl(match.url))
    .map((match) => ({ start: match.index, end: match.lastIndex, href: match.url }));
}
