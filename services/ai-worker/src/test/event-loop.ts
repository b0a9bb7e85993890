/** The longest this process's event loop went without running a 10 ms timer while `work` ran, and its result. */
export async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stall: number }> {
  let last = Date.now();
  let stall = 0;
  const timer = setInterval(() => {
    stall = Math.max(stall, Date.now() - last);
    last = Date.now();
  }, 10);
  try {
    const result = await work();
    return { result, stall: Math.max(stall, Date.now() - last) };
  } finally {
    clearInterval(timer);
  }
}
