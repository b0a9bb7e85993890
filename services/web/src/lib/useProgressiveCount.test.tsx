import { act, render, screen } from '@testing-library/react';
import { FIRST_ITEMS, ITEMS_PER_STEP, useProgressiveCount } from './useProgressiveCount';

function List({ total, onRender }: { total: number; onRender: (count: number) => void }) {
  const count = useProgressiveCount(total);
  onRender(count);
  return <p data-testid="count">{count}</p>;
}

describe('useProgressiveCount', () => {
  it('renders the first items at once, then the rest a step at a time until all are there', async () => {
    const counts: number[] = [];
    const total = FIRST_ITEMS + 2 * ITEMS_PER_STEP + 3;
    render(<List total={total} onRender={(count) => counts.push(count)} />);
    expect(counts[0]).toBe(FIRST_ITEMS);
    expect(await screen.findByText(String(total))).toBeInTheDocument();
    const distinct = [...new Set(counts)];
    expect(distinct).toEqual([FIRST_ITEMS, FIRST_ITEMS + ITEMS_PER_STEP, FIRST_ITEMS + 2 * ITEMS_PER_STEP, total]);
  });

  it('a short list renders whole at once, and an item added later shows', async () => {
    const { rerender } = render(<List total={3} onRender={() => undefined} />);
    expect(screen.getByTestId('count')).toHaveTextContent('3');
    await act(async () => rerender(<List total={FIRST_ITEMS + 1} onRender={() => undefined} />));
    expect(await screen.findByText(String(FIRST_ITEMS + 1))).toBeInTheDocument();
  });
});
