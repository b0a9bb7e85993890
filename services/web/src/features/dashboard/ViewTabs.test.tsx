import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { ViewTabs } from './ViewTabs';

const TABS = [
  { value: 'today', label: 'Today' },
  { value: 'active', label: 'Active' },
  { value: 'backlog', label: 'Backlog' },
] as const;

function Row() {
  const [tab, setTab] = useState<(typeof TABS)[number]['value']>('today');
  return (
    <>
      <ViewTabs tabs={TABS} value={tab} onChange={setTab} label="Task views" />
      <p>Showing {tab}</p>
    </>
  );
}

describe('ViewTabs', () => {
  it('is a named tablist whose selected tab alone is in the tab order', () => {
    renderWithProviders(<Row />);
    expect(screen.getByRole('tablist', { name: 'Task views' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Today' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Active' })).toHaveAttribute('tabindex', '-1');
  });

  it('opens a tab on click', async () => {
    renderWithProviders(<Row />);
    await userEvent.click(screen.getByRole('tab', { name: 'Backlog' }));
    expect(screen.getByText('Showing backlog')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Backlog' })).toHaveAttribute('aria-selected', 'true');
  });

  it('arrows, Home and End move the focus along the row (round at the ends); Enter opens the focused tab', async () => {
    renderWithProviders(<Row />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Today' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Active' })).toHaveFocus();
    expect(screen.getByText('Showing today')).toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Backlog' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Today' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{Home}{ArrowRight}{Enter}');
    expect(screen.getByText('Showing active')).toBeInTheDocument();
  });
});
