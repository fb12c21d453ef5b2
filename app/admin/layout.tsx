import type { ReactNode } from 'react';
import { AreaGuard } from '@/components/auth/area-guard';

/** The admin area: only with an admin's session (the sidebar arrives with the admin console issue). */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return <AreaGuard area="admin">{children}</AreaGuard>;
}
