import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { LoadingSkeleton } from './LoadingSkeleton';
import { SkeletonRows } from './SkeletonRows';

/** axe-core's ARIA attribute rules on what `container` holds (the browser journeys run them all). */
async function ariaViolations(container: HTMLElement): Promise<string[]> {
  const results = await axe.run(container, { runOnly: ['aria-prohibited-attr', 'aria-allowed-attr', 'aria-allowed-role'] });
  return results.violations.map((violation) => violation.id);
}

describe('loading placeholders', () => {
  it('are named for assistive technology on a role that may carry a name', async () => {
    const { container } = render(
      <>
        <LoadingSkeleton variant="rounded" height={40} label="Loading notifications" />
        <SkeletonRows count={2} />
      </>,
    );
    expect(screen.getByRole('status', { name: 'Loading notifications' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading tasks' })).toHaveAttribute('aria-busy', 'true');
    expect(await ariaViolations(container)).toEqual([]);
  });
});
