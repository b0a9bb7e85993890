import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_TIME_INCREMENTS } from '@daybook/shared';
import { makeIncrement, makeTask, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { TaskDialog } from './TaskDialog';

/** The task dialog's estimate field (DECISIONS 18): a stated length that is no increment is its own entry. */
function api() {
  return mockFetch((req) => {
    if (req.path === '/api/time-increments') return json(200, DEFAULT_TIME_INCREMENTS.map((increment, i) => makeIncrement({ id: uuid(20 + i), ...increment })));
    if (req.path === '/api/clients' || req.path === '/api/delegation-contacts' || req.path.endsWith('/reminders') || req.path.endsWith('/comments')) return json(200, []);
    if (req.path.includes('/time-entries')) return json(200, { items: [], nextCursor: null });
    if (req.path.startsWith('/api/tasks')) return json(200, makeTask({ id: uuid(1), title: 'Saved' }));
    return undefined;
  });
}

const open = (estimatedTime: string) =>
  renderWithProviders(<TaskDialog open onClose={jest.fn()} task={makeTask({ id: uuid(1), title: 'Draft the Globex memo', estimatedTime })} delegationEnabled={false} />);

describe('the estimate field', () => {
  it('shows 20min as "20 minutes", in its place among the increments, and saving keeps 20min', async () => {
    const { requests } = api();
    open('20min');
    const field = screen.getByLabelText('Estimated time');
    expect(field).toHaveTextContent('20 minutes');
    await userEvent.click(field);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No estimate',
      '15 minutes',
      '20 minutes',
      '30 minutes',
      '45 minutes',
      '1 hour',
      '2 hours',
      '4 hours',
      '1 day',
    ]);
    expect(within(listbox).getByRole('option', { name: '20 minutes' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Update Task' }));
    await screen.findByText('Task updated');
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ estimatedTime: '20min' });
  });

  it('names 1.5h "1.5 hours", and an increment can still be picked', async () => {
    const { requests } = api();
    open('1.5h');
    const field = screen.getByLabelText('Estimated time');
    expect(field).toHaveTextContent('1.5 hours');
    await userEvent.click(field);
    await userEvent.click(await screen.findByRole('option', { name: '2 hours' }));
    expect(field).toHaveTextContent('2 hours');
    await userEvent.click(screen.getByRole('button', { name: 'Update Task' }));
    await screen.findByText('Task updated');
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ estimatedTime: '2h' });
  });
});
