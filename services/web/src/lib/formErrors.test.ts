import { loginBodySchema, registerFormSchema } from '@daybook/shared';
import { fieldErrors } from './formErrors';

describe('zod issues as form field errors', () => {
  it('gives each field its first message', () => {
    const parsed = loginBodySchema.safeParse({ username: '', password: '' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const errors = fieldErrors(parsed.error);
    expect(Object.keys(errors).sort()).toEqual(['password', 'username']);
    expect(errors.username).toBe(parsed.error.issues.find((issue) => issue.path[0] === 'username')?.message);
  });

  it('puts a check on the whole form on the field its path names (the password confirmation)', () => {
    const parsed = registerFormSchema.safeParse({ username: 'ann', password: 'secret1', confirmPassword: 'other' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(Object.keys(fieldErrors(parsed.error))).toEqual(['confirmPassword']);
  });

  it('maps a key to the form field it shows on', () => {
    const issues = [
      { path: ['recurringType'], message: 'Choose how often' },
      { path: ['status'], message: 'Bad status' },
      { path: [], message: 'Whole body' },
      { path: ['title'], message: 'Title is required' },
    ];
    const fieldOf = (key: string) => (key === 'recurringType' ? 'repeat' : key === 'status' ? 'status' : 'title');
    expect(fieldErrors({ issues }, fieldOf)).toEqual({ repeat: 'Choose how often', status: 'Bad status', title: 'Whole body' });
  });
});
