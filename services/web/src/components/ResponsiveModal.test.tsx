import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { ResponsiveModal } from './ResponsiveModal';

describe('responsive modal', () => {
  it('is named by its title alone, described by its description, with no id used twice', () => {
    window.matchMedia = ((query: string) => ({ matches: query.includes('min-width'), media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as typeof window.matchMedia;
    renderWithProviders(
      <ResponsiveModal open onClose={() => undefined} title="New Sub-page" description='Inside "Work"'>
        <p>Body</p>
      </ResponsiveModal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'New Sub-page' });
    expect(dialog).toHaveAccessibleDescription('Inside "Work"');
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
