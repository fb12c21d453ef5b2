/**
 * The first run's checklist on the admin dashboard in team mode (docs/product.md#admin-dashboard,
 * docs/decisions/0041-a-guided-first-run.md): four steps, each done as the server knows it, shown
 * until every step is done or an admin dismisses it. Pure, shared by the server and the dashboard.
 */
export const FIRST_RUN_STEPS = ['invite', 'signup', 'testMail', 'labels'] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];

export interface FirstRunState {
  steps: Record<FirstRunStep, boolean>;
  dismissed: boolean;
}

/** Each step's text and where it is done. */
export const FIRST_RUN_STEP_LINKS: Record<FirstRunStep, { label: string; href: string }> = {
  invite: { label: 'Invite your team', href: '/admin/manage-users#invite-someone' },
  signup: { label: 'Choose who may join', href: '/admin/settings#sign-up' },
  testMail: { label: 'Send a test email', href: '/admin/settings#outgoing-mail' },
  labels: { label: 'Create labels', href: '/admin/settings#labels' },
};

export function countDoneSteps(state: FirstRunState): number {
  return FIRST_RUN_STEPS.filter((step) => state.steps[step]).length;
}

/** Shown until every step is done or an admin dismissed it. */
export function isFirstRunChecklistShown(state: FirstRunState): boolean {
  return !state.dismissed && countDoneSteps(state) < FIRST_RUN_STEPS.length;
}

/** '{n} of 4 done.' under the heading. */
export function firstRunProgressText(state: FirstRunState): string {
  return `${countDoneSteps(state)} of ${FIRST_RUN_STEPS.length} done.`;
}

/**
 * The facts the server reads, turned into the steps: the team is invited once an invitation was
 * made or anyone besides the first admin has an account; who may join is chosen once the sign-up
 * settings were saved; the test email once the mail server took one; labels once one exists.
 */
export function firstRunSteps(facts: {
  invitationsMade: number;
  accounts: number;
  signupSaved: boolean;
  testMailSent: boolean;
  labels: number;
}): Record<FirstRunStep, boolean> {
  return {
    invite: facts.invitationsMade > 0 || facts.accounts > 1,
    signup: facts.signupSaved,
    testMail: facts.testMailSent,
    labels: facts.labels > 0,
  };
}
