import { describe, expect, it } from 'vitest';
import { contactSchema } from './contact-schema';

const valid = { name: 'Asha Rao', email: 'asha@example.com', message: 'Hello' };

function firstProblem(input: unknown): string | undefined {
  const result = contactSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('contactSchema', () => {
  it('trims the name and message and normalises the email', () => {
    expect(contactSchema.parse({ name: ' Asha ', email: ' A@B.CO ', message: ' hi \n' })).toEqual({
      name: 'Asha',
      email: 'a@b.co',
      message: 'hi',
    });
  });

  it('accepts the longest name and message', () => {
    expect(firstProblem({ ...valid, name: 'n'.repeat(100), message: 'm'.repeat(5000) })).toBeUndefined();
    // Length is counted after trimming.
    expect(firstProblem({ ...valid, message: ` ${'m'.repeat(5000)} ` })).toBeUndefined();
  });

  it.each([
    [{ ...valid, name: '' }, 'Name is required.'],
    [{ ...valid, name: 'n'.repeat(101) }, 'Name must be at most 100 characters.'],
    [{ ...valid, name: 'a\nb' }, 'Name must not contain control characters.'],
    [{ ...valid, email: '' }, 'Email is required.'],
    [{ ...valid, email: 'asha@' }, 'Enter a valid email address.'],
    [{ ...valid, message: '   ' }, 'Message is required.'],
    [{ ...valid, message: 'm'.repeat(5001) }, 'Message must be at most 5,000 characters.'],
    [{ name: '', email: '', message: '' }, 'Name is required.'],
  ])('reports %j as "%s"', (input, message) => {
    expect(firstProblem(input)).toBe(message);
  });
});
