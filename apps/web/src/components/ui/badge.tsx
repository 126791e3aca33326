import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const badgeVariants = cva('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', {
  variants: {
    variant: {
      default: 'bg-primary text-primary-foreground',
      secondary: 'bg-secondary text-secondary-foreground',
      // The -text tokens keep 4.5:1 on the tint in both themes (index.css).
      success: 'bg-success/15 text-success-text',
      warning: 'bg-warning/15 text-warning-text',
      destructive: 'bg-destructive/15 text-destructive-text',
      outline: 'border border-input text-muted-foreground',
    },
  },
  defaultVariants: { variant: 'secondary' },
});

export function Badge({
  className,
  variant,
  ...props
}: HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
