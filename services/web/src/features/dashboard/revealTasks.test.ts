import { HIGHLIGHT_MS, revealTasks } from './revealTasks';

function card(id: string): HTMLElement {
  const element = document.createElement('div');
  element.dataset.taskId = id;
  element.scrollIntoView = jest.fn();
  return element;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('revealTasks', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('waits for the first task to show, scrolls to it and highlights the tasks shown, for a while', async () => {
    const list = document.body.appendChild(document.createElement('div'));
    const stop = revealTasks(['a', 'b'], () => list);
    const a = card('a');
    const b = card('b');
    list.append(b, a);
    await settle();
    expect(a.scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));
    expect(a.dataset.justCreated).toBe('true');
    expect(b.dataset.justCreated).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, HIGHLIGHT_MS + 50));
    expect(a.dataset.justCreated).toBeUndefined();
    stop();
  });

  it('highlights a card drawn again while it is highlighted, and looks only inside its root', async () => {
    const list = document.body.appendChild(document.createElement('div'));
    const elsewhere = document.body.appendChild(card('a'));
    revealTasks(['a'], () => list);
    await settle();
    expect(elsewhere.dataset.justCreated).toBeUndefined();
    const first = list.appendChild(card('a'));
    await settle();
    expect(first.dataset.justCreated).toBe('true');
    first.remove();
    const again = list.appendChild(card('a'));
    await settle();
    expect(again.dataset.justCreated).toBe('true');
  });
});
