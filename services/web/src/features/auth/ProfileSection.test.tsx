import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TIMEZONES } from '@daybook/shared';
import { makeUser, uuid } from '../../test/fixtures';
import { json, mockFetch, renderWithProviders } from '../../test/render';
import { ProfileSection } from './ProfileSection';

const openTimezones = async () => {
  await userEvent.click(screen.getByRole('combobox', { name: 'Timezone' }));
  return screen.getAllByRole('option').map((option) => option.getAttribute('data-value'));
};

describe('ProfileSection, timezone', () => {
  it("offers the spec's options, with the user's own zone first when it is another one", async () => {
    mockFetch(() => undefined);
    renderWithProviders(<ProfileSection user={makeUser({ id: uuid(1), timezone: 'Europe/Madrid' })} />);
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveTextContent('Europe/Madrid');
    expect(await openTimezones()).toEqual(['Europe/Madrid', ...TIMEZONES]);
  });

  it('offers exactly the options when the zone is one of them, and saves a choice', async () => {
    const user = makeUser({ id: uuid(1), timezone: 'Europe/Paris' });
    const { requests } = mockFetch((req) => (req.path === '/api/auth/user/timezone' ? json(200, { ...user, timezone: 'Asia/Tokyo' }) : undefined));
    renderWithProviders(<ProfileSection user={user} />);
    expect(await openTimezones()).toEqual([...TIMEZONES]);
    await userEvent.click(screen.getByRole('option', { name: 'Asia/Tokyo' }));
    await waitFor(() => expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([['PATCH', '/api/auth/user/timezone', { timezone: 'Asia/Tokyo' }]]));
  });
});
