import Chip from '@mui/material/Chip';
import { isPriority, priorityLabel } from '@daybook/shared';

/**
 * Badge colours (spec §4): high red, medium amber, low grey; urgent is a deeper red and pulses. Each text
 * colour reaches at least 5.5:1 on its background (WCAG AA asks 4.5:1 of the 11.5 px label).
 */
export const PRIORITY_COLORS = {
  urgent: { bg: '#fde8e8', fg: '#a61b1b', border: '#f3b4b4' },
  high: { bg: '#fdecec', fg: '#b42318', border: '#f7c6c6' },
  medium: { bg: '#fff4e0', fg: '#8a4b00', border: '#f8d9a8' },
  low: { bg: '#f0f2f5', fg: '#4b5563', border: '#dde1e7' },
  none: { bg: '#f6f7f9', fg: '#5b6472', border: '#e3e7ee' },
} as const;

export function PriorityBadge({ priority }: { priority: string | null | undefined }) {
  const key = isPriority(priority) ? priority : 'none';
  const colors = PRIORITY_COLORS[key];
  const urgent = key === 'urgent';
  return (
    <Chip
      size="small"
      label={priorityLabel(priority)}
      data-priority={key}
      sx={{
        height: 22,
        fontSize: '0.72rem',
        bgcolor: colors.bg,
        color: colors.fg,
        border: '1px solid',
        borderColor: colors.border,
        ...(urgent && {
          animation: 'priority-pulse 1.6s ease-in-out infinite',
          '@keyframes priority-pulse': {
            '0%, 100%': { boxShadow: '0 0 0 0 rgba(198, 40, 40, 0.35)' },
            '50%': { boxShadow: '0 0 0 4px rgba(198, 40, 40, 0)' },
          },
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }),
      }}
    />
  );
}
