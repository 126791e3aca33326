import type { ReactNode } from 'react';
import { CardSkeleton } from './skeleton';

/** The part of a TanStack Query result this component reads. */
interface QueryLike<Data> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: Data | undefined;
}

interface QueryStateProps<Data> {
  query: QueryLike<Data>;
  /** What stands in while loading; a card-shaped skeleton unless told. */
  pending?: ReactNode;
  /** How a failure reads; the error's message in red unless told. */
  renderError?: (error: Error) => ReactNode;
  /** When the data counts as empty, `empty` is shown instead of the children. */
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
}

export function ErrorMessage({ error }: { error: Error }) {
  return <p className="text-destructive">{error.message}</p>;
}

/**
 * One query's four states: pending (skeleton), error (message), empty and data.
 * Pages compose it instead of writing the same ternary each time.
 */
export function QueryState<Data>({
  query,
  pending = <CardSkeleton />,
  renderError = (error) => <ErrorMessage error={error} />,
  isEmpty,
  empty = null,
  children,
}: QueryStateProps<Data>) {
  if (query.isPending) return <>{pending}</>;
  if (query.isError || query.data === undefined) {
    return <>{query.error ? renderError(query.error) : pending}</>;
  }
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
