import { DEFAULT_TIME_INCREMENTS } from '@daybook/shared';
import { capture, type CaptureContext } from './capture';
import { localToInstant } from './context';

const context: CaptureContext = {
  now: localToInstant('2025-03-11T10:15:00', 'America/Chicago'),
  timezone: 'America/Chicago',
  clients: [
    { id: 'c-acme', name: 'Acme Corp' },
    { id: 'c-globex', name: 'Globex' },
  ],
  timeIncrements: DEFAULT_TIME_INCREMENTS,
};

const piecesOf = (text: string, options = {}) =>
  capture(text, context, options).pieces.map((piece) => [piece.field, text.slice(piece.start, piece.end)]);

describe('capture (the live preview)', () => {
  it('says where in the text each field was read, in text order', () => {
    expect(piecesOf('Call Acme tomorrow at 3pm, urgent, 30 min')).toEqual([
      ['client', 'Acme'],
      ['date', 'tomorrow'],
      ['time', '3pm'],
      ['priority', 'urgent'],
      ['estimate', '30 min'],
    ]);
  });

  it('gives the id of the recognised client', () => {
    expect(capture('send Globex the deck', context)).toMatchObject({ clientId: 'c-globex', task: { clientName: 'Globex' } });
    expect(capture('send Hooli the deck', context).clientId).toBeNull();
  });

  it('keeps offsets into the text as typed (leading spaces, Windows line breaks)', () => {
    const text = '   call Globex tomorrow\r\nbring the contract';
    const [client, date] = capture(text, context).pieces;
    expect(text.slice(client!.start, client!.end)).toBe('Globex');
    expect(text.slice(date!.start, date!.end)).toBe('tomorrow');
  });

  it('reads ranges the user gave back to the title as words (a removed chip)', () => {
    const text = 'Lunch with Globex next Friday';
    const start = text.indexOf('next Friday');
    const kept = capture(text, context, { keepAsText: [{ start, end: text.length }] });
    expect(kept.task).toMatchObject({ title: 'Lunch with Globex next Friday', dueDate: null });
    expect(kept.pieces.map((p) => p.field)).toEqual(['client']);
  });

  it('reads nothing from a fully quoted text', () => {
    expect(capture('"call Acme tomorrow"', context)).toMatchObject({ pieces: [], clientId: null, task: { title: 'Call Acme tomorrow' } });
  });
});
