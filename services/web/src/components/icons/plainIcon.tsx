import { memo, type ReactElement, type ReactNode } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';

type IconRender = (props: object, ref: null) => ReactElement<{ children?: ReactNode }>;

/**
 * The drawing (path elements) of a Material icon. An icon of @mui/icons-material is
 * `memo(forwardRef(render))`, and its render returns `<SvgIcon>{drawing}</SvgIcon>`: calling it makes an
 * element, it renders nothing.
 */
function drawingOf(icon: SvgIconComponent): ReactNode {
  const render = (icon as unknown as { type?: { render?: IconRender } }).type?.render;
  const drawing = render?.({}, null).props.children;
  if (!drawing) throw new Error('plainIcon: not an icon of @mui/icons-material');
  return drawing;
}

export interface PlainIconProps {
  /** Names the icon for assistive technology (role img); without it the icon is hidden from them. */
  title?: string;
  'data-testid'?: string;
}

/**
 * A Material icon as a plain `<svg>` that looks like MUI's SvgIcon (styles/cards.css, `.db-icon`: 24 px, the
 * text's colour; where it sits may size it) without its per-element styles: for what a list repeats on every
 * row (issue 18).
 */
export function plainIcon(icon: SvgIconComponent) {
  const drawing = drawingOf(icon);
  return memo(function PlainIcon({ title, 'data-testid': testId }: PlainIconProps) {
    return (
      <svg className="db-icon" data-testid={testId} viewBox="0 0 24 24" focusable="false" aria-hidden={title ? undefined : true} role={title ? 'img' : undefined}>
        {title && <title>{title}</title>}
        {drawing}
      </svg>
    );
  });
}
