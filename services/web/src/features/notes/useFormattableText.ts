import { useRef, useState } from 'react';
import { applyFormat, type FormatKind } from './formatting';

/** A text area's text with the toolbar's formatting applied to its selection. */
export function useFormattableText(initial: string) {
  const [text, setText] = useState(initial);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const format = (kind: FormatKind) => {
    const input = inputRef.current;
    const next = applyFormat({ value: text, start: input?.selectionStart ?? text.length, end: input?.selectionEnd ?? text.length }, kind);
    setText(next.value);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.start, next.end);
    });
  };
  return { text, setText, inputRef, format };
}
