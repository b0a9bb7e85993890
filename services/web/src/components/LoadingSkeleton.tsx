import Skeleton, { type SkeletonProps } from '@mui/material/Skeleton';

/**
 * A placeholder while a part loads, named for assistive technology (`label`, e.g. 'Loading notifications').
 * A name needs a role to stand on: a bare skeleton's span may not carry one (axe: aria-prohibited-attr).
 */
export function LoadingSkeleton({ label, ...props }: Omit<SkeletonProps, 'role' | 'aria-label'> & { label: string }) {
  return <Skeleton role="status" aria-label={label} {...props} />;
}
