import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyPreloadable } from './lazyPreloadable';

const screenModule = () => Promise.resolve({ default: ({ name }: { name: string }) => <h1>{`Hello ${name}`}</h1> });
const show = (Screen: ReturnType<typeof lazyPreloadable<{ name: string }>>) =>
  render(
    <Suspense fallback={<p>Loading...</p>}>
      <Screen name="Ada" />
    </Suspense>,
  );

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
});
