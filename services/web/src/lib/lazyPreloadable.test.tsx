import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary';
import { lazyChunk, lazyPreloadable } from './lazyPreloadable';

const Hello = ({ name }: { name: string }) => <h1>{`Hello ${name}`}</h1>;
const screenModule = () => Promise.resolve({ default: Hello });
const show = (Screen: ReturnType<typeof lazyPreloadable<{ name: string }>>) =>
  render(
    <Suspense fallback={<p>Loading...</p>}>
      <Screen name="Ada" />
    </Suspense>,
  );

/** A load that fails (a network error, a 500, a chunk renamed by a deploy) while `failing()` says so. */
const flakyModule = (failing: () => boolean) =>
  jest.fn(() => (failing() ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : screenModule()));

describe('a lazily loaded component', () => {
  it('preloaded, renders at once: no loading fallback in between', async () => {
    const Screen = lazyPreloadable(screenModule);
    await Screen.preload();
    show(Screen);
    expect(screen.getByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('not preloaded, shows the fallback until its code is in', async () => {
    const Screen = lazyPreloadable(screenModule);
    show(Screen);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => undefined);
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
  });

  it('whose code fails to load once is tried again, and shows', async () => {
    let failures = 1;
    const load = flakyModule(() => failures-- > 0);
    show(lazyPreloadable(load));
    expect(await screen.findByRole('heading', { name: 'Hello Ada' }, { timeout: 3_000 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('whose code keeps failing says so in its place, the rest still shown; Retry loads it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    const load = flakyModule(() => failing);
    const Part = lazyChunk(load);
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <p>The rest of the screen</p>
        <Part name="Ada" />
      </Suspense>,
    );
    const message = await screen.findByTestId('chunk-failed', {}, { timeout: 3_000 });
    expect(message).toHaveTextContent('This part of Daybook could not be loaded — Retry');
    expect(screen.getByText('The rest of the screen')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3); // the first attempt and two more

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(screen.queryByTestId('chunk-failed')).not.toBeInTheDocument();
  });

  it('that throws while rendering is left to its screen’s boundary, not taken for a failed load', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyChunk(() =>
      Promise.resolve({
        default: (): never => {
          throw new Error('render failed');
        },
      }),
    );
    render(
      <ScreenErrorBoundary screen="/">
        <Suspense fallback={<p>Loading...</p>}>
          <Broken />
        </Suspense>
      </ScreenErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on this screen');
    expect(screen.queryByTestId('chunk-failed')).not.toBeInTheDocument();
  });
});
