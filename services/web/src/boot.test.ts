jest.mock('./styles/cards.css', () => ({}));
jest.mock('./styles/today.css', () => ({}));

/** The modules index.html's entry evaluates, in the order they were. */
const mockEvaluated: string[] = [];
const mockAppStarted = jest.fn();
const mockStage = (name: string) => {
  mockEvaluated.push(name);
  return {};
};
jest.mock('react-dom/client', () => mockStage('react-dom'));
jest.mock('@mui/material/styles', () => mockStage('mui'));
jest.mock('@reduxjs/toolkit/query/react', () => mockStage('redux'));
jest.mock('./main', () => {
  mockEvaluated.push('app');
  mockAppStarted();
  return {};
});

/** Loads index.html's entry afresh, the page `visibility` as given, its frames held until `frame()`. */
async function loadBoot(visibility: DocumentVisibilityState) {
  jest.resetModules();
  mockAppStarted.mockClear();
  mockEvaluated.length = 0;
  jest.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  const frames: FrameRequestCallback[] = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  await jest.isolateModulesAsync(async () => {
    await import('./boot');
  });
  return { frame: () => frames.splice(0).forEach((callback) => callback(performance.now())) };
}

/** One task later: what the entry queued before it has run. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Lets the entry's stages (a task each) all run. */
const settle = async () => {
  for (let task = 0; task < 5; task += 1) await nextTask();
};

describe("index.html's entry", () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('starts the app only after the first frame (the loading screen painted), and once', async () => {
    jest.useFakeTimers();
    const page = await loadBoot('visible');
    jest.advanceTimersByTime(100);
    await Promise.resolve();
    expect(mockAppStarted).not.toHaveBeenCalled();

    page.frame();
    jest.advanceTimersByTime(0); // the task queued from the frame, after its paint
    jest.useRealTimers();
    await settle();
    expect(mockAppStarted).toHaveBeenCalledTimes(1);
  });

  it('starts it after 1 s at the latest when no frame comes (a page hidden meanwhile), and at once when hidden from the start', async () => {
    jest.useFakeTimers();
    await loadBoot('visible');
    jest.advanceTimersByTime(1000);
    jest.useRealTimers();
    await settle();
    expect(mockAppStarted).toHaveBeenCalledTimes(1);

    await loadBoot('hidden');
    await settle();
    expect(mockAppStarted).toHaveBeenCalledTimes(1);
  });

  it('evaluates the libraries one per task, then the app', async () => {
    await loadBoot('hidden');
    await Promise.resolve();
    expect(mockEvaluated).toEqual(['react-dom']);
    await nextTask();
    expect(mockEvaluated).toEqual(['react-dom', 'mui']);
    await settle();
    expect(mockEvaluated).toEqual(['react-dom', 'mui', 'redux', 'app']);
  });
});
