import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

let broken = true;
function Fragile() {
  if (broken) throw new Error('render failed');
  return <h1>Notes</h1>;
}

function TwoScreens() {
  const [path, setPath] = useState('/notes');
  return (
    <>
      <button onClick={() => setPath('/clients')}>Clients</button>
      <ScreenErrorBoundary screen={path}>{path === '/notes' ? <Fragile /> : <h1>Clients</h1>}</ScreenErrorBoundary>
    </>
  );
}

describe('a screen’s error boundary', () => {
  beforeEach(() => {
    broken = true;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows what happened in the screen’s place instead of a blank app, and shows it again on Try again', async () => {
    render(<TwoScreens />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on this screen');
    expect(screen.getByRole('button', { name: 'Clients' })).toBeInTheDocument(); // outside the screen: still there

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeInTheDocument();
  });

  it('starts afresh on another screen', async () => {
    render(<TwoScreens />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clients' }));
    expect(screen.getByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
