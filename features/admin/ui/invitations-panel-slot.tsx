'use client';

import dynamic from 'next/dynamic';

/**
 * The invitations block of Manage Users, loaded only after the page has started, in its own chunk:
 * the user table is what this screen is timed on (≤ 1 s to the first row with 10,000 users,
 * npm run bench:admin-users), and the block sits below it.
 */
const InvitationsPanel = dynamic(
  () => import('./invitations-panel').then((module) => module.InvitationsPanel),
  { ssr: false },
);

export function InvitationsPanelSlot() {
  return <InvitationsPanel />;
}
