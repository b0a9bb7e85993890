import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The Daybook mark: an open book page with a check, in the primary colour (a plain svg: it is in every screen's header). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden style={{ flexShrink: 0, display: 'block' }}>
      <rect x="1" y="1" width="30" height="30" rx="8" fill="#2d5bd0" />
      <path d="M8 9.5c2.6-.9 5.2-.7 8 .8 2.8-1.5 5.4-1.7 8-.8v13c-2.6-.9-5.2-.7-8 .8-2.8-1.5-5.4-1.7-8-.8z" fill="#ffffff" opacity="0.95" />
      <path d="M12.2 16.4l2.5 2.5 5.2-5.4" fill="none" stroke="#2d5bd0" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo({ showName = true }: { showName?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LogoMark />
      {showName && (
        <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: '-0.01em' }}>
          Daybook
        </Typography>
      )}
    </Box>
  );
}
