import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeTask, uuid } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { moveChoices, MoveTaskMenu } from './MoveTaskMenu';

const TODAY = '2026-03-04';

describe('the Move menu', () => {
  it('offers a day either way, 30 minutes either way, all day and today for a timed task', () => {
    const task = makeTask({ id: uuid(1), title: 'Call', dueDate: '2026-03-06', dueTime: '09:00' });
    expect(moveChoices(task, TODAY)).toEqual([
      { label: 'Previous day', to: { dueDate: '2026-03-05', dueTime: '09:00' } },
      { label: 'Next day', to: { dueDate: '2026-03-07', dueTime: '09:00' } },
      { label: '30 min earlier', to: { dueDate: '2026-03-06', dueTime: '08:30' } },
      { label: '30 min later', to: { dueDate: '2026-03-06', dueTime: '09:30' } },
      { label: 'All day', to: { dueDate: '2026-03-06', dueTime: null } },
      { label: 'Today', to: { dueDate: TODAY, dueTime: '09:00' } },
    ]);
  });

  it('keeps times inside the day and dates inside the allowed range; an all-day task of today has no time moves', () => {
    const early = makeTask({ id: uuid(1), title: 'Early', dueDate: TODAY, dueTime: '00:15' });
    expect(moveChoices(early, TODAY).map((c) => c.label)).toEqual(['Previous day', 'Next day', '30 min later', 'All day']);
    const late = makeTask({ id: uuid(2), title: 'Late', dueDate: TODAY, dueTime: '23:45' });
    expect(moveChoices(late, TODAY).map((c) => c.label)).toEqual(['Previous day', 'Next day', '30 min earlier', 'All day']);
    const allDay = makeTask({ id: uuid(3), title: 'All day', dueDate: TODAY });
    expect(moveChoices(allDay, TODAY).map((c) => c.label)).toEqual(['Previous day', 'Next day']);
    const last = makeTask({ id: uuid(4), title: 'Last', dueDate: '2999-12-31' });
    expect(moveChoices(last, TODAY).map((c) => c.label)).toEqual(['Previous day', 'Today']);
  });

  it('moves to any date from the dialog; an empty time means all day (Enter is pressed in the browser journey)', async () => {
    const onMove = jest.fn();
    const task = makeTask({ id: uuid(1), title: 'Call', dueDate: TODAY, dueTime: '09:00' });
    const user = userEvent.setup();
    renderWithProviders(<MoveTaskMenu task={task} today={TODAY} onMove={onMove} />);
    await user.click(screen.getByRole('button', { name: 'Move Call' }));
    await user.click(screen.getByRole('menuitem', { name: 'Choose date and time…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move task' });
    expect(dialog).toHaveTextContent('Call');
    // jsdom types into date and time fields poorly: their values are set as a picker would.
    const date = screen.getByLabelText('Date');
    fireEvent.change(date, { target: { value: '2026-03-20' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(onMove).toHaveBeenCalledWith(task, { dueDate: '2026-03-20', dueTime: null });
  });

  it('refuses a date that is not one', async () => {
    const onMove = jest.fn();
    const task = makeTask({ id: uuid(1), title: 'Call', dueDate: TODAY });
    const user = userEvent.setup();
    renderWithProviders(<MoveTaskMenu task={task} today={TODAY} onMove={onMove} />);
    await user.click(screen.getByRole('button', { name: 'Move Call' }));
    await user.click(screen.getByRole('menuitem', { name: 'Choose date and time…' }));
    await screen.findByRole('dialog', { name: 'Move task' });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(screen.getByText('Choose a date')).toBeInTheDocument();
    expect(onMove).not.toHaveBeenCalled();
  });
});
