import { toastSpotClearOf, usualToastRect } from './toastPlacement';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const rect = (top: number, left: number, right: number, bottom: number) => ({ top, left, right, bottom });

describe('where the toast goes', () => {
  it('usually across the bottom of a phone, bottom-left (360 px) on wider screens', () => {
    expect(usualToastRect(PHONE, 60)).toEqual({ left: 8, right: 382, top: 776, bottom: 836 });
    expect(usualToastRect(DESKTOP, 60)).toEqual({ left: 24, right: 384, top: 716, bottom: 776 });
  });

  it('stays there with no dialog, or a dialog clear of it', () => {
    expect(toastSpotClearOf(null, PHONE, 60)).toBeNull();
    // A short centred dialog ends above the toast.
    expect(toastSpotClearOf({ paper: rect(270, 340, 940, 530), actionsTop: 470 }, DESKTOP, 60)).toBeNull();
  });

  it('beside a tall dialog in a wide margin, narrower', () => {
    expect(toastSpotClearOf({ paper: rect(32, 340, 940, 768), actionsTop: 700 }, DESKTOP, 60)).toEqual({ width: 292 });
  });

  it('above a bottom drawer, over the backdrop, when there is room', () => {
    expect(toastSpotClearOf({ paper: rect(500, 0, 390, 844), actionsTop: 780 }, PHONE, 60)).toEqual({ top: 8 });
  });

  it('otherwise just above the dialog’s buttons', () => {
    // A drawer 90% high leaves 84 px: too little for a 90 px toast.
    expect(toastSpotClearOf({ paper: rect(84, 0, 390, 844), actionsTop: 780 }, PHONE, 90)).toEqual({ bottom: 72 });
    // A wide dialog (md) almost as high as the screen.
    expect(toastSpotClearOf({ paper: rect(32, 190, 1090, 768), actionsTop: 705 }, DESKTOP, 60)).toEqual({ bottom: 119 });
    // No row of buttons at its foot: above the dialog's bottom edge.
    expect(toastSpotClearOf({ paper: rect(0, 0, 390, 844), actionsTop: null }, PHONE, 60)).toEqual({ bottom: 8 });
  });
});
