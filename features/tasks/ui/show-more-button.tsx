import type { PagedList } from '@/shared/hooks/use-paged-list';
import type { ButtonSize } from '@/shared/ui/styles';
import { Button } from '@/shared/ui/button';

/** 'Show 20 more (57 not shown)' under a paged list; nothing once every item is shown. */
export function ShowMoreButton({
  list: { hidden, next, showMore },
  size,
  className,
}: {
  list: PagedList<unknown>;
  size?: ButtonSize;
  className?: string;
}) {
  if (hidden === 0) return null;
  return (
    <Button variant="secondary" size={size} className={className} onClick={showMore}>
      Show {next} more ({hidden} not shown)
    </Button>
  );
}
