/**
 * A fieldset of checkboxes, each a code-like value with a line saying what it means (API token
 * scopes, webhook event types). `chosen` is controlled.
 */
export function CheckboxChoices<Value extends string>({
  legend,
  options,
  describe,
  chosen,
  onChange,
  className = 'grid gap-1',
}: {
  legend: string;
  options: readonly Value[];
  describe: (value: Value) => string;
  chosen: readonly Value[];
  onChange: (chosen: Value[]) => void;
  className?: string;
}) {
  const toggle = (value: Value, on: boolean) =>
    onChange(on ? [...chosen, value] : chosen.filter((item) => item !== value));
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className={className}>
        {options.map((value) => (
          <label key={value} className="flex cursor-pointer items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1 accent-primary"
              checked={chosen.includes(value)}
              onChange={(event) => toggle(value, event.target.checked)}
            />
            <span>
              <code className="text-xs">{value}</code>
              <span className="block text-muted-foreground">{describe(value)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
