/** The editor toolbar's markdown formatting (spec §2): bold, italic, inline code, heading, list, link. */
export type FormatKind = 'bold' | 'italic' | 'code' | 'heading' | 'list' | 'link';

export interface TextSelection {
  value: string;
  start: number;
  end: number;
}

const WRAP: Partial<Record<FormatKind, [string, string, string]>> = {
  bold: ['**', '**', 'bold text'],
  italic: ['*', '*', 'italic text'],
  code: ['`', '`', 'code'],
};

function prefixLines({ value, start, end }: TextSelection, prefix: string): TextSelection {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const block = value.slice(lineStart, end);
  const lines = block.split('\n');
  const prefixed = lines.map((line) => (line.startsWith(prefix) ? line : `${prefix}${line}`)).join('\n');
  const added = prefixed.length - block.length;
  return { value: value.slice(0, lineStart) + prefixed + value.slice(end), start: start + (lines[0]?.startsWith(prefix) ? 0 : prefix.length), end: end + added };
}

/** Applies one format to the selection; the result selects the formatted text (or the placeholder). */
export function applyFormat(selection: TextSelection, kind: FormatKind): TextSelection {
  const { value, start, end } = selection;
  const selected = value.slice(start, end);
  const wrap = WRAP[kind];
  if (wrap) {
    const [open, close, placeholder] = wrap;
    const inner = selected || placeholder;
    return { value: value.slice(0, start) + open + inner + close + value.slice(end), start: start + open.length, end: start + open.length + inner.length };
  }
  if (kind === 'heading') return prefixLines(selection, '## ');
  if (kind === 'list') return prefixLines(selection, '- ');
  // link: [text](url) with the url selected, ready to type over.
  const text = selected || 'link text';
  const url = 'https://';
  const before = `${value.slice(0, start)}[${text}](`;
  return { value: `${before}${url})${value.slice(end)}`, start: before.length, end: before.length + url.length };
}
