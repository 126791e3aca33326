import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Fragment, useId, type ReactNode } from 'react';
import { formatMinutes } from '@punchclock/shared/domain/business-time';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';
import { Button } from './button';
import { ScrollRegion } from './scroll-region';
import { Select } from './select';

/** Below this width rows become cards: a phone cannot show a wide table without a sideways swipe. */
const TABLE_MEDIA_QUERY = '(min-width: 640px)';

export interface ColumnSort {
  isActive: boolean;
  direction: 'asc' | 'desc';
  onSort: () => void;
}

export interface DataColumn<Row> {
  id: string;
  /** Column heading; also the label in front of the value on a phone card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row: a row header in the table, the title of a phone card. */
  isRowHeader?: boolean;
  /** Buttons for the row: a heading only screen readers hear; on a card, a row of buttons. */
  isActions?: boolean;
  sort?: ColumnSort;
  /** Classes of the table cell and of the value on a phone card (which always wraps). */
  className?: string;
}

/** A column of minutes shown as "7h 30m", in tabular figures: the commonest column we have. */
export function minutesColumn<Row>(
  id: string,
  header: string,
  minutesOf: (row: Row) => number,
): DataColumn<Row> {
  return { id, header, className: 'tabular-nums', cell: (row) => formatMinutes(minutesOf(row)) };
}

interface DataTableProps<Row> {
  /** Names the scroll region (table) or list (cards). */
  label: string;
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowTestId?: string;
  rowClassName?: (row: Row) => string | undefined;
  /** Shown instead of the rows when there are none. */
  emptyMessage: ReactNode;
  /** Extra content under a row (an expanded row), or null. */
  renderDetail?: (row: Row) => ReactNode;
  /** A totals row, drawn with the same columns, after the rows. */
  summary?: Row;
  /** E.g. a min-width, so narrow tablets scroll instead of squeezing columns. */
  tableClassName?: string;
}

const CELL = 'py-2 pr-4 last:pr-0';

function SortableHeading({ header, sort }: { header: string; sort: ColumnSort }) {
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 hover:text-foreground"
      onClick={sort.onSort}
    >
      {header}
      {sort.isActive &&
        (sort.direction === 'asc' ? (
          <ArrowUp className="size-3" aria-hidden />
        ) : (
          <ArrowDown className="size-3" aria-hidden />
        ))}
    </button>
  );
}

function TableLayout<Row>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, rowTestId, rowClassName, renderDetail, summary } = props;
  const cells = (row: Row, isSummary: boolean) =>
    columns.map((column) =>
      column.isRowHeader ? (
        <th key={column.id} scope="row" className={cn(CELL, 'text-left font-medium')}>
          {column.cell(row)}
        </th>
      ) : (
        <td key={column.id} className={cn(CELL, column.className)}>
          {isSummary && column.isActions ? null : column.cell(row)}
        </td>
      ),
    );
  return (
    <ScrollRegion label={props.label}>
      <table className={cn('w-full text-left text-sm', props.tableClassName)}>
        <thead className="border-b text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cn(CELL, 'font-medium')}
                aria-sort={
                  column.sort
                    ? column.sort.isActive
                      ? column.sort.direction === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : 'none'
                    : undefined
                }
              >
                {column.isActions ? (
                  <span className="sr-only">{column.header}</span>
                ) : column.sort ? (
                  <SortableHeading header={column.header} sort={column.sort} />
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const detail = renderDetail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr className={cn('border-b', rowClassName?.(row))} data-testid={rowTestId}>
                  {cells(row, false)}
                </tr>
                {detail && (
                  <tr className="border-b bg-muted/30">
                    <td colSpan={columns.length} className="px-2">
                      {detail}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="py-8 text-center text-muted-foreground">
                {props.emptyMessage}
              </td>
            </tr>
          )}
        </tbody>
        {summary && rows.length > 0 && (
          <tfoot className="font-semibold">
            <tr>{cells(summary, true)}</tr>
          </tfoot>
        )}
      </table>
    </ScrollRegion>
  );
}

function RowCard<Row>({
  row,
  columns,
  testId,
  className,
  detail,
  isSummary = false,
}: {
  row: Row;
  columns: DataColumn<Row>[];
  testId?: string;
  className?: string;
  detail?: ReactNode;
  isSummary?: boolean;
}) {
  const title = columns.find((column) => column.isRowHeader);
  const actions = isSummary ? [] : columns.filter((column) => column.isActions);
  const fields = columns.filter((column) => !column.isRowHeader && !column.isActions);
  return (
    <li className={cn('rounded-lg border p-3', className)} data-testid={testId}>
      {title && <p className="font-medium">{title.cell(row)}</p>}
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {fields.map((column) => (
          <Fragment key={column.id}>
            <dt className="text-muted-foreground">{column.header}</dt>
            {/* A card's value wraps in its column, even where the table keeps it on one line. */}
            <dd className={cn('min-w-0 break-words', column.className, 'whitespace-normal')}>
              {column.cell(row)}
            </dd>
          </Fragment>
        ))}
      </dl>
      {actions.length > 0 && (
        <div className="mt-2 flex flex-wrap items-center gap-1 border-t pt-2">
          {actions.map((column) => (
            <Fragment key={column.id}>{column.cell(row)}</Fragment>
          ))}
        </div>
      )}
      {detail}
    </li>
  );
}

/** Cards have no column headings to click, so sorting is a select and a direction button. */
function CardSortControls<Row>({ columns }: { columns: DataColumn<Row>[] }) {
  const { t } = useLingui();
  const selectId = useId();
  const sortable = columns.filter((column) => column.sort);
  const active = sortable.find((column) => column.sort?.isActive);
  if (!active?.sort) return null;
  const isAscending = active.sort.direction === 'asc';
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={selectId} className="text-muted-foreground">
        <Trans>Sort by</Trans>
      </label>
      <Select
        id={selectId}
        className="w-40"
        value={active.id}
        onChange={(event) =>
          sortable.find((column) => column.id === event.target.value)?.sort?.onSort()
        }
      >
        {sortable.map((column) => (
          <option key={column.id} value={column.id}>
            {column.header}
          </option>
        ))}
      </Select>
      <Button
        variant="outline"
        size="icon"
        aria-label={isAscending ? t`Ascending, sort descending` : t`Descending, sort ascending`}
        onClick={active.sort.onSort}
      >
        {isAscending ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
      </Button>
    </div>
  );
}

function CardLayout<Row>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, summary } = props;
  if (rows.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{props.emptyMessage}</p>;
  }
  return (
    <div className="grid gap-2">
      <CardSortControls columns={columns} />
      <ul className="grid gap-2" aria-label={props.label}>
        {rows.map((row) => (
          <RowCard
            key={rowKey(row)}
            row={row}
            columns={columns}
            testId={props.rowTestId}
            className={props.rowClassName?.(row)}
            detail={props.renderDetail?.(row)}
          />
        ))}
        {summary && (
          <RowCard
            row={summary}
            columns={columns}
            className="bg-muted/40 font-semibold"
            isSummary
          />
        )}
      </ul>
    </div>
  );
}

/**
 * The app's data table: header, rows, empty state and an optional totals row; on a phone
 * each row is a card listing every column, so nothing hides behind a sideways swipe.
 * Only one layout is in the page at a time (not both, one hidden), so a row is found once.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const isWide = useMediaQuery(TABLE_MEDIA_QUERY);
  return isWide ? <TableLayout {...props} /> : <CardLayout {...props} />;
}
