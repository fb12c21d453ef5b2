import type { ComponentProps } from 'react';
import { cn } from '@/shared/cn';
import { BUTTON_BASE, BUTTON_SIZES, BUTTON_VARIANTS, type ButtonSize, type ButtonVariant } from './styles';

interface LookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function buttonClasses(
  { variant = 'primary', size = 'md' }: LookProps = {},
  className?: string,
): string {
  return cn(BUTTON_BASE, BUTTON_VARIANTS[variant], BUTTON_SIZES[size], className);
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & LookProps) {
  return <button type={type} className={buttonClasses({ variant, size }, className)} {...props} />;
}
