/**
 * The capture box's engine, loaded on first focus or when the dashboard is idle (never part of the
 * dashboard's first JavaScript): the structurer (@daybook/nl) with its timing, how the user's edits
 * follow the text, the highlights and the preview, and what Enter saves and teaches.
 */
export { structure, warmUp } from './structure';
export { withKeptAsText, withProposalChange, withText } from './stateChanges';
export { presentProposals } from './proposals';
export { highlightsOf, paintHighlights } from './highlights';
export { CapturePreview } from './CapturePreview';
export { createNamedClient, saveCapture } from './saveCapture';
