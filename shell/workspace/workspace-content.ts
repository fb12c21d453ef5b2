/** A sidebar link's target and label; the lists below are in display order (docs/product.md#sidebars). */
export type SidebarLink = { href: string; label: string };

export const USER_PANEL_TITLE = 'User Panel';
export const USER_PANEL_LINKS: readonly SidebarLink[] = [
  { href: '/user/dashboard', label: 'Dashboard' },
  { href: '/user/userpage', label: 'Create Tasks' },
  { href: '/user/calendar', label: 'Calendar' },
  { href: '/user/notifications', label: 'Notifications' },
  { href: '/user/profile', label: 'Profile' },
];

export const ADMIN_PANEL_TITLE = 'Admin Panel';
export const ADMIN_PANEL_LINKS: readonly SidebarLink[] = [
  { href: '/admin/dashboard', label: 'Dashboard' },
  { href: '/admin/manage-users', label: 'Manage Users' },
  { href: '/admin/manage-tasks', label: 'Manage Tasks' },
  { href: '/admin/settings', label: 'Settings' },
];

/**
 * Team sync only: admins work on tasks too, so their sidebar also reaches the board and Create Tasks
 * (the member pages, which admins may open), on the admin pages and on those two alike
 * (docs/product.md#sidebars). The default mode keeps the lists above.
 */
export const ADMIN_TEAM_PANEL_LINKS: readonly SidebarLink[] = [
  ADMIN_PANEL_LINKS[0]!,
  { href: '/user/dashboard', label: 'Board' },
  { href: '/user/userpage', label: 'Create Tasks' },
  ...ADMIN_PANEL_LINKS.slice(1),
];
