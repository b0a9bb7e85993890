import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast, toastError, TOAST_DURATION_MS } from '../lib/toast';
import { Toaster } from './Toaster';

describe('Toaster', () => {
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time, the newest', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Client added' });
      toast({ title: 'Task created', description: 'Your task has been created successfully from your description' });
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByText('Task created')).toBeInTheDocument();
    expect(screen.queryByText('Client added')).not.toBeInTheDocument();
  });

  it('titles failures "Error" in the destructive style, as an alert', () => {
    render(<Toaster />);
    act(() => {
      toastError('Failed to archive task');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Error');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to archive task');
  });

  it('goes away after 5 seconds', () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Data refreshed' });
    });
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('Data refreshed')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Data refreshed')).not.toBeInTheDocument();
  });

  it('is dismissed by a swipe to the right of more than 50 px, not by a shorter one', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Swipe me' });
    });
    const shown = screen.getByTestId('toast');
    fireEvent.pointerDown(shown, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(shown, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(shown, { clientX: 140, pointerId: 1 });
    expect(screen.getByText('Swipe me')).toBeInTheDocument();
    fireEvent.pointerDown(shown, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(shown, { clientX: 160, pointerId: 1 });
    fireEvent.pointerUp(shown, { clientX: 160, pointerId: 1 });
    expect(screen.queryByText('Swipe me')).not.toBeInTheDocument();
  });

  it('runs its action, such as opening the new task', () => {
    const open = jest.fn();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Task created', action: { label: 'Open task', onClick: open } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open task' }));
    expect(open).toHaveBeenCalled();
    expect(screen.queryByText('Task created')).not.toBeInTheDocument();
  });
});
