import type { ReactNode } from 'react';
import { AreaGuard } from '@/components/auth/area-guard';

/** The team member area: only with a valid session (the sidebar arrives with the workspace issue). */
export default function UserLayout({ children }: { children: ReactNode }) {
  return <AreaGuard area="user">{children}</AreaGuard>;
}
