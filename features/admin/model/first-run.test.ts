import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIRST_RUN_STEPS,
  countDoneSteps,
  firstRunProgressText,
  firstRunSteps,
  isFirstRunChecklistShown,
  type FirstRunState,
} from './first-run';

const NONE = { invitationsMade: 0, accounts: 1, signupSaved: false, testMailSent: false, labels: 0 };

function state(steps: Partial<FirstRunState['steps']>, dismissed = false): FirstRunState {
  return { steps: { invite: false, signup: false, testMail: false, labels: false, ...steps }, dismissed };
}

describe('firstRunSteps', () => {
  it('has nothing done on a fresh install with only the first admin', () => {
    expect(firstRunSteps(NONE)).toEqual({ invite: false, signup: false, testMail: false, labels: false });
  });

  it('counts the team invited once an invitation was made or a second account exists', () => {
    expect(firstRunSteps({ ...NONE, invitationsMade: 1 }).invite).toBe(true);
    expect(firstRunSteps({ ...NONE, accounts: 2 }).invite).toBe(true);
  });

  it('ticks each other step from its own fact only', () => {
    expect(firstRunSteps({ ...NONE, signupSaved: true })).toEqual(state({ signup: true }).steps);
    expect(firstRunSteps({ ...NONE, testMailSent: true })).toEqual(state({ testMail: true }).steps);
    expect(firstRunSteps({ ...NONE, labels: 3 })).toEqual(state({ labels: true }).steps);
  });
});

describe('isFirstRunChecklistShown', () => {
  it('shows until every step is done, and never once dismissed', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), fc.boolean(), (done, dismissed) => {
        const steps = Object.fromEntries(FIRST_RUN_STEPS.map((step, i) => [step, done[i]!]));
        const shown = isFirstRunChecklistShown(state(steps, dismissed));
        expect(shown).toBe(!dismissed && done.some((value) => !value));
      }),
    );
  });

  it('says how many steps are done', () => {
    expect(firstRunProgressText(state({}))).toBe('0 of 4 done.');
    expect(firstRunProgressText(state({ invite: true, labels: true }))).toBe('2 of 4 done.');
    expect(countDoneSteps(state({ invite: true, signup: true, testMail: true, labels: true }))).toBe(4);
  });
});
