import { cn } from '@/shared/cn';
import { formatRole } from '@/shared/auth/role';
import { FIELD_INPUT } from '@/shared/ui/styles';

/**
 * A compact role choice for a table cell, its label for screen readers only (the column says Role):
 * each option is a role value, shown capitalised. Any set of roles (`options`) in the order given.
 */
export function RoleSelect<R extends string>({
  id,
  label,
  options,
  value,
  onChange,
  disabled,
  describedBy,
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
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as R)}
        disabled={disabled}
        aria-describedby={describedBy}
        className={cn(FIELD_INPUT, 'py-1.5 text-sm')}
      >
        {options.map((role) => (
          <option key={role} value={role}>
            {formatRole(role)}
          </option>
        ))}
      </select>
    </>
  );
}
