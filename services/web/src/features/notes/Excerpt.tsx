import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { HighlightRange } from '@daybook/shared';
import { findLinks } from './markdown';

/** The text from `start` to `end` as text nodes, the highlighted words in <mark>. */
function marked(text: string, start: number, end: number, highlights: readonly HighlightRange[]): ReactNode[] {
  const nodes: ReactNode[] = [];
  let at = start;
  for (const [from, to] of highlights) {
    const markFrom = Math.max(from, at);
    const markTo = Math.min(to, end);
    if (markFrom >= markTo) continue;
    if (markFrom > at) nodes.push(text.slice(at, markFrom));
    nodes.push(<mark key={markFrom}>{text.slice(markFrom, markTo)}</mark>);
    at = markTo;
  }
  if (at < end) nodes.push(text.slice(at, end));
  return nodes;
}

/**
 * A search result's excerpt (DECISIONS 22): plain text with the words found in <mark>, made of React
 * text nodes only (the api sends ranges, never markup). With `links` (the Markdown On view) the http(s)
 * addresses in it are links too.
 */
export function Excerpt({ text, highlights, links }: { text: string; highlights: readonly HighlightRange[]; links: boolean }) {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const link of links ? findLinks(text) : []) {
    nodes.push(...marked(text, at, link.start, highlights));
    nodes.push(
      <Link key={`link-${link.start}`} href={link.href} target="_blank" rel="noopener noreferrer">
        {marked(text, link.start, link.end, highlights)}
      </Link>,
    );
    at = link.end;
  }
  nodes.push(...marked(text, at, text.length, highlights));
  return (
    <Typography
      component="div"
      variant="body2"
      data-testid="search-excerpt"
      // Rendered note text, as the markdown view's (the safety checks look for it).
      className={links ? 'note-markdown' : undefined}
      sx={{ overflowWrap: 'anywhere', '& mark': { bgcolor: 'warning.light', color: 'inherit', borderRadius: 0.5, px: 0.25 } }}
    >
      {nodes}
    </Typography>
  );
}
