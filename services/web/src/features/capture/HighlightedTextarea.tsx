import { useRef, type CSSProperties, type FocusEventHandler, type KeyboardEventHandler, type ReactNode } from 'react';

/**
 * The textarea and the layer behind it share these metrics exactly, so a mark lands under its words on
 * every line. No scrollbar: it would narrow the textarea alone and shift the wrapping.
 */
const TEXT_METRICS = {
  font: 'inherit',
  fontSize: '0.95rem',
  lineHeight: 1.5,
  letterSpacing: 'normal',
  padding: '6px 2px',
  margin: 0,
  border: 0,
  boxSizing: 'border-box',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'break-word',
  wordBreak: 'normal',
  tabSize: 4,
} as const;
/** At most 4 lines show; more scroll. */
const MAX_HEIGHT = 'calc(4 * 1.5em + 12px)';

// Plain elements with constant styles: they render on every keystroke.
const GRID: CSSProperties = { display: 'grid', flex: 1, minWidth: 0, alignSelf: 'center', fontSize: '0.95rem' };
const LAYER_CELL: CSSProperties = { gridArea: '1 / 1', maxHeight: MAX_HEIGHT, overflow: 'hidden', pointerEvents: 'none' };
const LAYER: CSSProperties = { ...TEXT_METRICS, color: 'transparent' };
const PLACEHOLDER: CSSProperties = { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden' };
const TEXTAREA: CSSProperties = {
  ...TEXT_METRICS,
  gridArea: '1 / 1',
  alignSelf: 'stretch',
  display: 'block',
  width: '100%',
  minHeight: 0,
  maxHeight: MAX_HEIGHT,
  resize: 'none',
  outline: 'none',
  background: 'transparent',
  color: 'inherit',
  overflowY: 'auto',
  scrollbarWidth: 'none',
};

export interface HighlightedTextareaProps {
  value: string;
  /** The text as painted behind the textarea (its marks), in transparent letters. */
  layer: ReactNode;
  onChange: (value: string) => void;
  onKeyDown: KeyboardEventHandler<HTMLTextAreaElement>;
  onFocus: FocusEventHandler<HTMLTextAreaElement>;
  placeholder: string;
  readOnly: boolean;
  ariaLabel: string;
  maxLength: number;
}

/**
 * A real textarea (focus, caret, selection, IME, screen readers and autofill stay the browser's) with
 * the recognised pieces painted on a layer behind its transparent background. Both sit in one grid
 * cell: the layer, wrapping the same text the same way, gives the cell its height (1 to 4 lines), so
 * the textarea grows without measuring anything on a keystroke; scrolled, the layer follows it.
 */
export function HighlightedTextarea({ value, layer, onChange, onKeyDown, onFocus, placeholder, readOnly, ariaLabel, maxLength }: HighlightedTextareaProps) {
  const painted = useRef<HTMLDivElement>(null);
  return (
    <div style={GRID}>
      <div aria-hidden="true" style={LAYER_CELL}>
        <div ref={painted} data-testid="capture-highlights" style={LAYER}>
          {value === '' ? (
            // Empty, the placeholder gives the height: one line (cut short on the narrowest screens).
            <span style={PLACEHOLDER}>{placeholder}</span>
          ) : (
            <>
              {layer}
              {/* A last line break takes a line only when something follows it. */}
              {'\u200b'}
            </>
          )}
        </div>
      </div>
      <textarea
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onScroll={(event) => {
          if (painted.current) painted.current.style.transform = `translateY(${-event.currentTarget.scrollTop}px)`;
        }}
        placeholder={placeholder}
        readOnly={readOnly}
        aria-label={ariaLabel}
        maxLength={maxLength}
        rows={1}
        style={TEXTAREA}
      />
    </div>
  );
}
