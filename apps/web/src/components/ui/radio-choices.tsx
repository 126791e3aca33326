import type { ReactNode } from 'react';

interface RadioChoicesProps<T extends string> {
  /** The radios' shared name, and what a screen reader hears for the group. */
  name: string;
  legend: string;
  choices: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** A line under the choices. */
  hint?: ReactNode;
}

/** One setting as a column of radios that applies on change (the Single Sign-On screen's cards). */
export function RadioChoices<T extends string>({
  name,
  legend,
  choices,
  value,
  onChange,
  disabled,
  hint,
}: RadioChoicesProps<T>) {
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      {choices.map(([choice, label]) => (
        <label key={choice} className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            className="accent-primary"
            checked={value === choice}
            onChange={() => onChange(choice)}
          />
          {label}
        </label>
      ))}
      {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
    </fieldset>
  );
}
