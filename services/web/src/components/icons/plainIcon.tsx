import { memo, type ReactElement, type ReactNode } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';

type IconRender = (props: object, ref: null) => ReactElement<{ children?: ReactNode }>;

/**
 * The drawing (path elements) of a Material icon. An icon of @mui/icons-material is
 * `memo(forwardRef(render))`, and its render returns `<SvgIcon>{drawing}</SvgIcon>`: calling it makes an
 * element, it renders nothing.
 */
export function drawingOf(icon: SvgIconComponent): ReactNode {
  const render = (icon as unknown as { type?: { render?: IconRender } }).type?.render;
  const drawing = render?.({}, null).props.children;
  if (!drawing) throw new Error('plainIcon: not an icon of @mui/icons-material');
  return drawing;
}

export interface PlainIconProps {
  /** As SvgIcon's fontSize: 'medium' 24 px, 'small' 20 px, 'inherit' the text's size. */
  size?: 'small' | 'medium' | 'inherit';
  /** Names the icon for assistive technology (role img); without it the icon is hidden from them. */
  title?: string;
  'data-testid'?: string;
}

/**
 * A Material icon as a plain `<svg>` that looks like MUI's SvgIcon (styles/cards.css, `.db-icon`) without
 * its per-element styles: for what a list repeats on every row (issue 18).
 */
export function plainIcon(icon: SvgIconComponent) {
  const drawing = drawingOf(icon);
  return memo(function PlainIcon({ size = 'medium', title, 'data-testid': testId }: PlainIconProps) {
    return (
      <svg className="db-icon" data-size={size} data-testid={testId} viewBox="0 0 24 24" focusable="false" aria-hidden={title ? undefined : true} role={title ? 'img' : undefined}>
        {title && <title>{title}</title>}
        {drawing}
      </svg>
    );
  });
}
