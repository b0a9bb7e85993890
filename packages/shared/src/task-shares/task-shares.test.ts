import { shareCommentBodySchema, shareProposalBodySchema, taskShareCreateBodySchema, SHARE_TOKEN_PATTERN } from './task-shares';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('shared task links (DECISIONS 33)', () => {
  it('gives a new link 14 days unless told, up to 30', () => {
    expect(taskShareCreateBodySchema.parse({})).toEqual({ expiresInDays: 14 });
    expect(taskShareCreateBodySchema.parse({ expiresInDays: 30 })).toEqual({ expiresInDays: 30 });
    expect(messageOf(taskShareCreateBodySchema.safeParse({ expiresInDays: 31 }))).toBe('Expiry must be at most 30 days');
    expect(taskShareCreateBodySchema.safeParse({ expiresInDays: 7, taskId: 'x' }).success).toBe(false);
  });

  it('reads a proposal: a real date in range, a time read as HH:mm, a message that may be blank', () => {
    expect(shareProposalBodySchema.parse({ dueDate: ' 2027-03-17 ', dueTime: '9:30', message: '  ' })).toEqual({ dueDate: '2027-03-17', dueTime: '09:30', message: null });
    expect(shareProposalBodySchema.parse({ dueDate: '2027-03-17', dueTime: '' })).toEqual({ dueDate: '2027-03-17', dueTime: null });
    expect(messageOf(shareProposalBodySchema.safeParse({ dueDate: '' }))).toBe('Choose a date');
    expect(messageOf(shareProposalBodySchema.safeParse({ dueDate: '2027-02-29' }))).toBe('Date does not exist');
    expect(shareProposalBodySchema.safeParse({ dueDate: '2027-03-17', isCompleted: true }).success).toBe(false);
  });

  it('takes a comment of up to 1,000 characters and nothing else', () => {
    expect(shareCommentBodySchema.parse({ text: '  On my way  ' })).toEqual({ text: 'On my way' });
    expect(messageOf(shareCommentBodySchema.safeParse({ text: '' }))).toBe('Write a comment');
    expect(shareCommentBodySchema.safeParse({ text: 'x'.repeat(1001) }).success).toBe(false);
    expect(shareCommentBodySchema.safeParse({ text: 'hi', name: 'Bruno' }).success).toBe(false);
  });

  it('knows a token by its shape before any lookup', () => {
    expect(SHARE_TOKEN_PATTERN.test('A'.repeat(43))).toBe(true);
    expect(SHARE_TOKEN_PATTERN.test(`${'A'.repeat(42)}/`)).toBe(false);
    expect(SHARE_TOKEN_PATTERN.test('A'.repeat(44))).toBe(false);
  });
});
