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

/** A task's priority as a badge (plain CSS, styles/cards.css: a list shows one per card). */
export function PriorityBadge({ priority }: { priority: string | null | undefined }) {
  const key = isPriority(priority) ? priority : 'none';
  const colors = PRIORITY_COLORS[key];
  return (
    <span className="db-badge" data-priority={key} style={{ backgroundColor: colors.bg, color: colors.fg, borderColor: colors.border }}>
      {priorityLabel(priority)}
    </span>
  );
}
