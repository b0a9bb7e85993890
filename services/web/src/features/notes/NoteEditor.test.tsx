import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeClient, uuid } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { applyFormat } from './formatting';
import { NoteEditor } from './NoteEditor';

const clients = [makeClient({ id: uuid(1), name: 'Acme', color: '#ff0000' })];

function setup(initialContent = 'hello world') {
  const onSave = jest.fn();
  const onCancel = jest.fn();
  renderWithProviders(<NoteEditor initialContent={initialContent} initialClientId={null} clients={clients} onSave={onSave} onCancel={onCancel} />);
  const input = screen.getByRole('textbox', { name: 'Note content' }) as HTMLTextAreaElement;
  return { onSave, onCancel, input };
}

describe('toolbar formatting', () => {
  it('wraps the selection, or a placeholder', () => {
    expect(applyFormat({ value: 'a word b', start: 2, end: 6 }, 'bold')).toEqual({ value: 'a **word** b', start: 4, end: 8 });
    expect(applyFormat({ value: '', start: 0, end: 0 }, 'italic')).toEqual({ value: '*italic text*', start: 1, end: 12 });
    expect(applyFormat({ value: 'x', start: 0, end: 1 }, 'code').value).toBe('`x`');
  });

  it('prefixes lines for heading and list; link selects the url', () => {
    expect(applyFormat({ value: 'one\ntwo', start: 0, end: 7 }, 'list').value).toBe('- one\n- two');
    expect(applyFormat({ value: 'title', start: 2, end: 2 }, 'heading').value).toBe('## title');
    const link = applyFormat({ value: 'see docs', start: 4, end: 8 }, 'link');
    expect(link.value).toBe('see [docs](https://)');
    expect(link.value.slice(link.start, link.end)).toBe('https://');
  });
});

describe('editor shortcuts', () => {
  it('Ctrl+B / Cmd+I / Ctrl+K format the selection', () => {
    const { input } = setup('hello world');
    input.setSelectionRange(0, 5);
    fireEvent.keyDown(input, { key: 'b', ctrlKey: true });
    expect(input.value).toBe('**hello** world');
    input.setSelectionRange(10, 15);
    fireEvent.keyDown(input, { key: 'i', metaKey: true });
    expect(input.value).toBe('**hello** *world*');
    input.setSelectionRange(0, 0);
    fireEvent.keyDown(input, { key: 'k', ctrlKey: true });
    expect(input.value).toBe('[link text](https://)**hello** *world*');
  });

  it('Ctrl+Enter saves the trimmed text with no client; Escape cancels', async () => {
    const { input, onSave, onCancel } = setup('');
    await userEvent.type(input, '  new text  ');
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    expect(onSave).toHaveBeenCalledWith('new text', null);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
  });

  it('does not save blank text; plain Enter is a new line', async () => {
    const { input, onSave } = setup('   ');
    fireEvent.keyDown(input, { key: 'Enter', metaKey: true });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSave).not.toHaveBeenCalled();
  });

  it('offers "No client" in the client tag selector and shows a preview', async () => {
    setup('**bold**');
    await userEvent.click(screen.getByRole('combobox', { name: 'Client tag' }));
    expect(await screen.findByRole('option', { name: 'No client' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Acme' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByTestId('note-preview').querySelector('strong')?.textContent).toBe('bold');
  });
});
