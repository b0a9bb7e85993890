import type { KeyboardEvent } from 'react';
import type { FormatKind } from './formatting';

const SHORTCUTS: Record<string, FormatKind> = { b: 'bold', i: 'italic', k: 'link' };

/**
 * Keyboard shortcuts of spec §2: Cmd/Ctrl+B, I, K format; Cmd/Ctrl+Enter saves; Escape cancels.
 * Returns true when the key was handled.
 */
export function handleEditorShortcut(
  event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'preventDefault'>,
  actions: { format: (kind: FormatKind) => void; save: () => void; cancel: () => void },
): boolean {
  if (event.key === 'Escape') {
    event.preventDefault();
    actions.cancel();
    return true;
  }
  if (!(event.metaKey || event.ctrlKey)) return false;
  if (event.key === 'Enter') {
    event.preventDefault();
    actions.save();
    return true;
  }
  const kind = SHORTCUTS[event.key.toLowerCase()];
  if (!kind) return false;
  event.preventDefault();
  actions.format(kind);
  return true;
}
