/** Short device vibrations (spec §9), only where the device supports them. */
export const VIBRATION_PATTERNS = {
  light: 10,
  medium: 20,
  heavy: [30, 10, 30],
  success: [50, 20, 50],
  error: [100, 50, 100, 50, 100],
  notification: [15, 10, 15],
  // The notes screen's own medium and heavy.
  noteMedium: 25,
  noteHeavy: 50,
} as const satisfies Record<string, number | readonly number[]>;

export type VibrationKind = keyof typeof VIBRATION_PATTERNS;

export function vibrate(kind: VibrationKind): void {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return;
  const pattern = VIBRATION_PATTERNS[kind];
  try {
    navigator.vibrate(typeof pattern === 'number' ? pattern : [...pattern]);
  } catch {
    // Some browsers throw when vibration is blocked (no user gesture yet); nothing to do.
  }
}
