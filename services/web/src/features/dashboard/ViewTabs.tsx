import { memo, useRef, type KeyboardEvent } from 'react';
import { styled } from '@mui/material/styles';

/** One tab: its value and its visible name. */
export interface ViewTab<T extends string> {
  value: T;
  label: string;
}

const TabList = styled('div')(({ theme }) => ({
  display: 'flex',
  flex: '1 1 100%',
  minHeight: 40,
  borderBottom: `1px solid ${theme.palette.divider}`,
  [theme.breakpoints.up('md')]: { flex: '0 0 auto', borderBottom: 0 },
}));

const TabButton = styled('button')(({ theme }) => ({
  flex: '1 1 0',
  minWidth: 0,
  minHeight: 40,
  padding: theme.spacing(0, 1),
  border: 0,
  background: 'none',
  cursor: 'pointer',
  font: 'inherit',
  fontSize: '0.875rem',
  fontWeight: 600,
  lineHeight: 1.25,
  color: theme.palette.text.secondary,
  whiteSpace: 'nowrap',
  '&:hover': { color: theme.palette.text.primary },
  '&[aria-selected="true"]': { color: theme.palette.primary.main, boxShadow: `inset 0 -2px 0 ${theme.palette.primary.main}` },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  [theme.breakpoints.up('sm')]: { flex: '0 0 auto', minWidth: 72, minHeight: 44, padding: theme.spacing(0, 1.5) },
}));

/**
 * The dashboard's tab row (spec §2): a WAI-ARIA tablist of plain buttons whose look is one static style
 * (the selected tab by its aria-selected), full width on phones. MUI's Tabs measured the page after each of
 * their renders, a forced layout in the middle of the first load (issue 18); these measure nothing.
 * Arrow keys, Home and End move the focus along the row; Enter or Space opens the focused tab.
 */
function ViewTabsOf<T extends string>({ tabs, value, onChange, label }: { tabs: readonly ViewTab<T>[]; value: T; onChange: (next: T) => void; label: string }) {
  const list = useRef<HTMLDivElement>(null);

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    buttons[(next + buttons.length) % buttons.length]?.focus();
  };

  return (
    <TabList ref={list} role="tablist" aria-label={label} onKeyDown={moveFocus}>
      {tabs.map((tab) => (
        <TabButton key={tab.value} type="button" role="tab" aria-selected={tab.value === value} tabIndex={tab.value === value ? 0 : -1} onClick={() => onChange(tab.value)}>
          {tab.label}
        </TabButton>
      ))}
    </TabList>
  );
}

export const ViewTabs = memo(ViewTabsOf) as typeof ViewTabsOf;
