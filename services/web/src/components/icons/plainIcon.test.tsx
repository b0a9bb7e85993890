import { render, screen } from '@testing-library/react';
import MoreVert from '@mui/icons-material/MoreVert';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import { plainIcon } from './plainIcon';

const drawn = (container: Element) => [...container.querySelectorAll('path')].map((path) => path.getAttribute('d'));

describe('a Material icon as a plain svg', () => {
  it.each([
    ['MoreVert', MoreVert],
    ['ArchiveOutlined', ArchiveOutlined],
  ])("draws %s as MUI's own icon does, hidden from assistive technology", (_name, icon) => {
    const Mui = icon;
    const expected = drawn(render(<Mui />).container);
    document.body.innerHTML = '';
    const Plain = plainIcon(icon);
    const { container } = render(<Plain />);
    const svg = container.querySelector('svg')!;
    expect(drawn(svg)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('class')).toBe('db-icon');
  });

  it('with a title: an image of that name', () => {
    const Bell = plainIcon(MoreVert);
    render(<Bell title="Reminder set" data-testid="bell" />);
    expect(screen.getByRole('img', { name: 'Reminder set' })).toBe(screen.getByTestId('bell'));
  });

  it('refuses what is not an icon of @mui/icons-material', () => {
    expect(() => plainIcon((() => null) as unknown as typeof MoreVert)).toThrow('not an icon');
  });
});
