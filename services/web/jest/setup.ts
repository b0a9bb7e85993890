import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { resetToasts } from '../src/lib/toast';

// Screen tests type and click through whole dialogs; on a loaded 2-core machine one can take several
// seconds, which is slowness, not failure.
jest.setTimeout(15_000);
// The same for what a test waits to see (findBy…, waitFor): Testing Library's default of 1 s was too
// short for a dialog whose code loads lazily while the other test projects share the cores.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no PointerEvent; a MouseEvent with a pointer id is enough for swipe handling.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
}

// Screens are tested as in a browser with a session (the api's signed-in hint); a test of a browser
// without one clears it.
document.cookie = 'daybook_signed_in=1';

afterEach(() => {
  cleanup();
  resetToasts();
});
