import type { Role } from '@/shared/auth/role';

/** The landing page's display data (docs/product.md#landing). */
export interface Testimonial {
  name: string;
  text: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface Feature {
  title: string;
  description: string;
}

export interface RoleCard {
  role: Role;
  /** 'Team Member' or 'Administrator', as the role is shown (docs/product.md#roles). */
  title: string;
  description: string;
  /** What this role can do (docs/product.md#overview). */
  highlights: readonly string[];
}

/**
 * The meta description and theme colour (brand-600) of every page: app/layout.tsx's metadata,
 * and the landing page's own <head> (pages/index.tsx, which has no root layout).
 */
export const SITE_DESCRIPTION =
  'Task management for small teams: kanban board, task grid, calendar and deadline notifications.';
export const SITE_THEME_COLOR = '#2552e6';

/** The hero's tagline: what the product promises (docs/product.md#landing). */
export const HERO_TAGLINE = 'Boost productivity, streamline your workflow and collaborate in real time.';

/** The three testimonials (docs/product.md#landing). */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Priya Sharma',
    text: 'Our standups got shorter the week we moved to Tasklane. Everyone can see what is in progress and what is stuck without asking.',
  },
  {
    name: 'Daniel Okafor',
    text: 'The deadline reminders alone paid for the switch. Nothing due tomorrow sneaks up on me any more.',
  },
  {
    name: 'Mei Lin',
    text: 'As the admin I can check who is on the team and mark work as done in a minute, without chasing people on chat.',
  },
];

/** The three features, in this order, with these titles (docs/product.md#landing). */
export const FEATURES = [
  {
    title: 'Task Management',
    description:
      'Create tasks with a priority and a deadline, move them across To Do, In Progress and Completed, and see where everything stands.',
  },
  {
    title: 'Time Tracking',
    description:
      'Track progress from 0 to 100% on every task, plan deadlines on a calendar and get a reminder for what is due today or tomorrow.',
  },
  {
    title: 'Team Collaboration',
    description:
      'Work from one shared board. Administrators manage the team, verify completed work and keep an eye on what is still pending.',
  },
] as const satisfies readonly Feature[];

export type FeatureTitle = (typeof FEATURES)[number]['title'];

/** The three FAQ items (docs/product.md#landing). */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'How do I get started?',
    answer:
      'Choose your role above and sign up with your name, email and a password. You land on your dashboard straight away and can create your first task in seconds.',
  },
  {
    question: 'What is the difference between a team member and an administrator?',
    answer:
      'Team members create tasks, track their progress on a kanban board and a calendar, and get deadline reminders. Administrators manage users, verify and complete tasks, and oversee the whole team.',
  },
  {
    question: 'Where are my tasks stored?',
    answer:
      'Your tasks, notes, calendar events and profile stay in your browser on the device you use, so they load instantly. Only your account (name, email and role) is kept on our server so that you can log in.',
  },
];

/**
 * The role chooser's two cards, Team Member (user) then Administrator (admin); see
 * docs/product.md#landing and docs/product.md#roles.
 */
export const ROLE_CARDS: readonly RoleCard[] = [
  {
    role: 'user',
    title: 'Team Member',
    description: 'Plan your own work and keep it moving.',
    highlights: ['Create tasks and track progress', 'Kanban board and calendar', 'Deadline reminders'],
  },
  {
    role: 'admin',
    title: 'Administrator',
    description: 'Keep the whole team on track.',
    highlights: ['Manage users and roles', 'Verify and complete tasks', 'Oversee team operations'],
  },
];
