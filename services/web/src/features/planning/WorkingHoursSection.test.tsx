import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeUser } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { WorkingHoursSection } from './WorkingHoursSection';

describe('Settings, Working Hours', () => {
  it('lists the week from Monday in half-hour steps and saves a change with the whole week', async () => {
    const user = makeUser({ workingMinutes: [0, 480, 480, 480, 480, 480, 0] });
    const { requests } = mockFetch((req) => {
      if (req.path === '/api/auth/user/settings') return json(200, { ...user, ...(req.body as object) });
      return undefined;
    });
    renderWithProviders(<WorkingHoursSection user={user} />);
    const fields = screen.getAllByRole('combobox');
    expect(fields.map((field) => field.closest('.db-select-field')?.querySelector('label')?.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    const friday = screen.getByLabelText('Friday');
    expect(friday).toHaveDisplayValue('8 h');
    expect([...(friday as HTMLSelectElement).options].slice(0, 4).map((option) => option.text)).toEqual(['0 h', '30 min', '1 h', '1 h 30 min']);
    expect((friday as HTMLSelectElement).options).toHaveLength(49);

    fireEvent.change(friday, { target: { value: '270' } });
    expect(friday).toHaveDisplayValue('4 h 30 min');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/auth/user/settings')).toBe(true));
    expect(requests.find((r) => r.path === '/api/auth/user/settings')!.body).toEqual({ workingMinutes: [0, 480, 480, 480, 480, 270, 0] });
    expect(await screen.findByText('Working hours updated')).toBeInTheDocument();
  });

  it('shows a value set elsewhere that is not on a half hour, and goes back when saving fails', async () => {
    const user = makeUser({ workingMinutes: [0, 465, 480, 480, 480, 480, 0] });
    mockFetch((req) => (req.path === '/api/auth/user/settings' ? json(500, { error: { code: 'internal_error', message: 'boom' } }) : undefined));
    renderWithProviders(<WorkingHoursSection user={user} />);
    const monday = screen.getByLabelText('Monday');
    expect(monday).toHaveDisplayValue('7 h 45 min');
    fireEvent.change(monday, { target: { value: '0' } });
    expect(await screen.findByText('Failed to update working hours')).toBeInTheDocument();
    expect(monday).toHaveDisplayValue('7 h 45 min');
  });
});
