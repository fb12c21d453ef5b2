import { cn } from '@/shared/cn';
import { formatRole } from '@/shared/auth/role';
import { CompactSelect } from '@/shared/ui/compact-select';
import { FIELD_INPUT } from '@/shared/ui/styles';

/**
 * A compact role choice for a table cell, its label for screen readers only (the column says Role):
 * each option is a role value, shown capitalised. Any set of roles (`options`) in the order given.
 */
export function RoleSelect<R extends string>({
  options,
  ...select
}: {
  id: string;
  label: string;
  options: readonly R[];
  value: R;
  onChange: (role: R) => void;
  disabled?: boolean;
  /** The id of a line that says more (why it is disabled). */
  describedBy?: string;
}) {
  return (
    <CompactSelect
      {...select}
      options={options.map((role) => [role, formatRole(role)] as const)}
      className={cn(FIELD_INPUT, 'py-1.5 text-sm')}
    />
  );
}
