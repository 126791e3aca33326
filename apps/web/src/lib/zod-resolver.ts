import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that validates with a shared zod contract (so the form shows the
 * server's own messages). `toInput` converts form strings to the contract's shape first.
 * Rules spanning fields (no path) are reported as the form's `root` error.
 */
export function contractResolver<TForm extends FieldValues>(
  schema: z.ZodType,
  toInput: (values: TForm) => unknown = (values) => values,
): Resolver<TForm> {
  return async (values) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'root');
      errors[key] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<TForm> };
  };
}
