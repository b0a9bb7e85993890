/**
 * Where the toast goes so that it covers no control (issue 18): bottom centre on phones, bottom-left on wider
 * screens, and while a dialog is open, somewhere its buttons are not.
 */

/** Below this width the toast spans the bottom of the screen (MUI's `sm`); from it, a 360 px toast sits bottom-left. */
export const TOAST_PHONE_MAX_WIDTH = 599.95;
export const TOAST_WIDTH = 360;
/** The gap to the screen's edges: 8 px on phones, 24 px wider. */
export const toastMargin = (viewportWidth: number) => (viewportWidth <= TOAST_PHONE_MAX_WIDTH ? 8 : 24);
/** The narrowest toast worth squeezing beside a dialog. */
const MIN_SIDE_WIDTH = 260;

export interface Rect {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

export interface OpenDialog {
  /** The dialog's paper (a centred dialog or a bottom drawer). */
  paper: Rect;
  /** The top of its row of buttons at the bottom, when it has one. */
  actionsTop: number | null;
}

/** Overrides of the toast area's usual place (bottom, full width on phones, 360 px at the left otherwise). */
export interface ToastSpot {
  top?: number;
  bottom?: number;
  width?: number;
}

const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The toast's usual box for its height on this screen. */
export function usualToastRect(viewport: { width: number; height: number }, toastHeight: number): Rect {
  const margin = toastMargin(viewport.width);
  const phone = viewport.width <= TOAST_PHONE_MAX_WIDTH;
  const bottom = viewport.height - margin;
  return { left: margin, right: phone ? viewport.width - margin : margin + Math.min(TOAST_WIDTH, viewport.width - 2 * margin), top: bottom - toastHeight, bottom };
}

/**
 * The usual place unless a dialog is open there (null); then, in this order: beside the dialog (a narrower
 * toast in the margin of a wide screen), above it (over the backdrop), or just above its buttons.
 */
export function toastSpotClearOf(dialog: OpenDialog | null, viewport: { width: number; height: number }, toastHeight: number): ToastSpot | null {
  if (!dialog) return null;
  const usual = usualToastRect(viewport, toastHeight);
  if (!overlaps(usual, dialog.paper)) return null;
  const margin = toastMargin(viewport.width);
  const sideWidth = Math.min(TOAST_WIDTH, dialog.paper.left - 2 * margin);
  if (sideWidth >= MIN_SIDE_WIDTH) return { width: sideWidth };
  if (dialog.paper.top >= toastHeight + 2 * margin) return { top: margin };
  const above = dialog.actionsTop ?? dialog.paper.bottom;
  return { bottom: Math.max(margin, viewport.height - above + margin) };
}

/** The open dialog on top, read from the page: its paper and its buttons' row (the paper's last part). */
export function topmostOpenDialog(): OpenDialog | null {
  // Closed drawers stay in the page (MUI keeps them mounted), hidden and slid out of view.
  const shown = (element: HTMLElement) => {
    const { top, bottom, height } = element.getBoundingClientRect();
    return height > 0 && top < window.innerHeight && bottom > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const dialog = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).filter(shown).at(-1);
  if (!dialog) return null;
  const actions = dialog.lastElementChild;
  return {
    paper: dialog.getBoundingClientRect(),
    actionsTop: actions?.querySelector('button') ? actions.getBoundingClientRect().top : null,
  };
}
