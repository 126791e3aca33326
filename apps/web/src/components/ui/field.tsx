import { Slot } from '@radix-ui/react-slot';
import type { ReactElement, ReactNode } from 'react';
import { FieldError } from './field-error';
import { Label } from './label';

interface FieldProps {
  /** The control's id; the label points at it, the hint and error ids derive from it. */
  id: string;
  label: ReactNode;
  /** One control (Input, Select, textarea…): it receives id, aria-describedby and aria-invalid. */
  children: ReactElement;
  /** A line under the control that says what to enter. */
  hint?: ReactNode;
  /** The validation message; marks the control invalid and is announced. */
  error?: string | undefined;
  /** The wrapper's classes: the spacing differs between dense filters and roomy forms. */
  className?: string;
  labelClassName?: string;
}

export const fieldHintId = (id: string) => `${id}-hint`;
export const fieldErrorId = (id: string) => `${id}-error`;

/**
 * A label, its control, an optional hint and an optional error, wired for screen readers:
 * the label names the control, the hint and the error describe it, an error marks it invalid.
 */
export function Field({
  id,
  label,
  children,
  hint,
  error,
  className = 'grid gap-1',
  labelClassName,
}: FieldProps) {
  const describedBy =
    [hint ? fieldHintId(id) : null, error ? fieldErrorId(id) : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={className}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      <Slot id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
        {children}
      </Slot>
      {hint && (
        <p id={fieldHintId(id)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={fieldErrorId(id)} message={error} />
    </div>
  );
}
