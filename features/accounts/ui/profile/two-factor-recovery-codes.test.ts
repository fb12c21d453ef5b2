import { describe, expect, it } from 'vitest';
import { recoveryCodesText } from './two-factor-recovery-codes';

describe('recoveryCodesText', () => {
  it('puts a heading and a sentence above the codes, one a line, ending with a newline', () => {
    expect(recoveryCodesText(['aaaa-bbbb', 'cccc-dddd'])).toBe(
      'Tasklane recovery codes\n' +
        'Each code signs you in once when you cannot use your authenticator app.\n' +
        '\n' +
        'aaaa-bbbb\ncccc-dddd\n',
    );
  });
});
