import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { renderMarkdown } from './markdown';

/** A note's content: rendered markdown (HTML escaped, unsafe links dropped) or the plain text. */
export function NoteContent({ content, markdown }: { content: string; markdown: boolean }) {
  if (!markdown) {
    return (
      <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {content}
      </Typography>
    );
  }
  return (
    <Box
      className="note-markdown"
      sx={{
        typography: 'body2',
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& p': { my: 0.75 },
        '& h1, & h2, & h3': { fontSize: '1.05rem', fontWeight: 600, my: 1 },
        '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        '& pre': { bgcolor: 'action.hover', p: 1, borderRadius: 1, overflowX: 'auto' },
        '& ul, & ol': { pl: 3, my: 0.75 },
        '& img': { maxWidth: '100%' },
      }}
      // Safe: markdown-it with html:false escapes every tag, and validateLink drops unsafe urls (markdown.ts).
      dangerouslySetInnerHTML={{ __html: renderMarkdown(content) }}
    />
  );
}
