import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CalendarClock, CalendarDays, Copy, CopyPlus, Send, Settings2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Shift, TemplateShift } from '@punchclock/shared/contracts/rosters';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { getRoleFlags } from '@punchclock/shared/domain/roles';
import { formatDateRange } from '@punchclock/shared/i18n/format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { DayPicker } from '@/components/ui/day-picker';
import { Select } from '@/components/ui/select';
import { WeekStepper } from '@/components/ui/week-stepper';
import { useBusinessToday, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  rosterProjectionQueryOptions,
  rosterQueryOptions,
  useCopyWeek,
  useDeleteShift,
  useMoveShift,
  type RosterFilters,
} from '../api';
import { movedShiftInput, needsOverrideReason, weekStartOf } from '../roster-board';
import { FillTemplateDialog } from '../components/fill-template-dialog';
import { MoveShiftDialog } from '../components/move-shift-dialog';
import { PublishDialog } from '../components/publish-dialog';
import { RosterDayList, RosterDayTimeline } from '../components/roster-day-views';
import { RosterGrid } from '../components/roster-grid';
import { RosterSettingsDialog } from '../components/roster-settings-dialog';
import { ShiftDialog, type ShiftPreset } from '../components/shift-dialog';
import type { BoardActions } from '../components/shift-chip';

/** Below this width the grid becomes a day list (a week of seven columns needs a wide screen). */
const GRID_MEDIA_QUERY = '(min-width: 640px)';

type ShiftDialogState = { shift: Shift | null; preset: ShiftPreset | null };

/** `?week=yyyy-MM-dd&team=<id>` of the address, when valid; read once, as the page opens. */
function linkedWeekAndTeam(): { week: string | null; teamId: string | null } {
  const params = new URLSearchParams(window.location.search);
  const week = params.get('week');
  const teamId = params.get('team');
  return {
    week: week && /^\d{4}-\d{2}-\d{2}$/.test(week) ? week : null,
    teamId: teamId && /^[0-9a-f-]{36}$/i.test(teamId) ? teamId : null,
  };
}

/** /roster: admins and team leads plan a week of shifts, see its conflicts, and publish it. */
export default function RosterPage() {
  const { t } = useLingui();
  const today = useBusinessToday();
  const { user } = useSession();
  const isAdmin = getRoleFlags(user?.role).isAdmin;
  const isWide = useMediaQuery(GRID_MEDIA_QUERY);
  // A link may name the week and team to open (Demand Planning's "Review on the roster").
  const [linked] = useState(linkedWeekAndTeam);
  const [weekStart, setWeekStart] = useState(() => weekStartOf(linked.week ?? today));
  const [day, setDay] = useState(linked.week ?? today);
  const [filters, setFilters] = useState<RosterFilters>(() =>
    linked.teamId ? { teamId: linked.teamId } : {},
  );
  const [isDayView, setIsDayView] = useState(false);
  const [isCopyMode, setIsCopyMode] = useState(false);
  const [shiftDialog, setShiftDialog] = useState<ShiftDialogState | null>(null);
  const [moving, setMoving] = useState<{ shift: Shift; mode: 'move' | 'copy' } | null>(null);
  const [isFillOpen, setIsFillOpen] = useState(false);
  const [isPublishOpen, setIsPublishOpen] = useState(false);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);

  // Where focus was when a dialog opened: closing it goes back there (a cell, a shift's menu).
  const returnFocus = useRef<HTMLElement | null>(null);
  const rememberFocus = () => {
    const active = document.activeElement;
    returnFocus.current = active instanceof HTMLElement ? active : null;
  };
  const restoreFocus = () => {
    const element = returnFocus.current;
    returnFocus.current = null;
    requestAnimationFrame(() => {
      if (element?.isConnected) element.focus();
    });
  };
  const closeShiftDialog = () => {
    setShiftDialog(null);
    restoreFocus();
  };

  const roster = useQuery({
    ...rosterQueryOptions(weekStart, filters),
    placeholderData: keepPreviousData,
  });
  const projection = useQuery(rosterProjectionQueryOptions(weekStart, filters));
  const move = useMoveShift();
  const remove = useDeleteShift();
  const copyWeek = useCopyWeek();
  const data = roster.data;
  const days = data?.days ?? [];
  // The day shown by the day view and the day list: kept when it is in the week shown.
  const shownDay = days.includes(day) ? day : (days[0] ?? weekStart);

  const goToWeek = (date: string) => {
    setWeekStart(weekStartOf(date));
    setDay(date);
  };

  const deleteShift = (shift: Shift) => {
    const message =
      shift.state === 'draft'
        ? t`Delete this draft shift?`
        : t`Delete this shift? People keep seeing it until you publish.`;
    if (!window.confirm(message)) return;
    remove.mutate(shift.id, { onSuccess: () => shiftDialog && closeShiftDialog() });
  };

  const actions: BoardActions = {
    onAdd: (userId: string | null, date: string, template?: TemplateShift | null) => {
      rememberFocus();
      setShiftDialog({
        shift: null,
        preset: {
          userId,
          date,
          startTime: template?.startTime,
          endTime: template?.endTime,
          teamId: filters.teamId ?? (data?.teams.length === 1 ? data.teams[0]?.id : undefined),
        },
      });
    },
    onEdit: (shift) => {
      rememberFocus();
      setShiftDialog({ shift, preset: null });
    },
    onMoveOrCopy: (shift, mode) => {
      rememberFocus();
      setMoving({ shift, mode });
    },
    onDelete: deleteShift,
    onDrop: (shiftId, target, isCopy) => {
      const shift = data?.shifts.find((item) => item.id === shiftId);
      if (!shift) return;
      const isSameSlot = shift.userId === target.userId && shift.date === target.date;
      if (isSameSlot && !isCopy) return;
      move.mutate(
        { id: shift.id, mode: isCopy ? 'copy' : 'move', input: movedShiftInput(shift, target) },
        { onError: (error) => toast.error(error.message) },
      );
    },
  };

  const weekEnd = shiftDate(weekStart, 6);
  const weekText = formatDateRange(weekStart, weekEnd);
  const unpublished = data?.unpublishedCount ?? 0;
  const isToday = weekStartOf(today) === weekStart;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">
            <Trans>Roster</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Plan the week’s shifts. Changes are drafts until you publish; people see only what is
              published.
            </Trans>
          </p>
        </div>
        <WeekStepper
          weekStart={weekStart}
          today={today}
          isThisWeek={isToday}
          onDate={goToWeek}
          testId="roster-week"
        />
      </div>

      <div
        role="toolbar"
        aria-label={t`Roster tools`}
        className="flex flex-wrap items-end gap-2 rounded-xl border bg-card p-3"
      >
        <Field id="roster-team" label={t`Team`} className="grid w-full gap-1 sm:w-auto">
          <Select
            className="w-full sm:w-44"
            value={filters.teamId ?? ''}
            onChange={(event) =>
              setFilters((current) => ({ ...current, teamId: event.target.value || undefined }))
            }
          >
            <option value="">{t`All teams`}</option>
            {data?.teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="roster-position" label={t`Position`} className="grid w-full gap-1 sm:w-auto">
          <Select
            className="w-full sm:w-44"
            value={filters.position ?? ''}
            onChange={(event) =>
              setFilters((current) => ({ ...current, position: event.target.value || undefined }))
            }
          >
            <option value="">{t`All positions`}</option>
            {data?.positions.map((position) => (
              <option key={position} value={position}>
                {position}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          variant="outline"
          disabled={copyWeek.isPending}
          onClick={() => {
            if (
              !window.confirm(
                t`Copy last week’s shifts into the week of ${weekText} as drafts? Days already planned stay as they are.`,
              )
            )
              return;
            copyWeek.mutate({
              fromWeekStart: shiftDate(weekStart, -7),
              toWeekStart: weekStart,
              ...(filters.teamId ? { teamId: filters.teamId } : {}),
            });
          }}
        >
          <CopyPlus aria-hidden /> <Trans>Copy last week</Trans>
        </Button>
        <Button
          variant="outline"
          disabled={!data}
          onClick={() => {
            rememberFocus();
            setIsFillOpen(true);
          }}
        >
          <CalendarClock aria-hidden /> <Trans>Fill from template</Trans>
        </Button>
        {isWide && (
          <>
            <Button
              variant="outline"
              aria-pressed={isCopyMode}
              onClick={() => setIsCopyMode((on) => !on)}
              title={t`When on, dragging a shift copies it (or hold Ctrl or Alt while dropping)`}
              className={isCopyMode ? 'border-primary bg-accent' : undefined}
            >
              <Copy aria-hidden /> <Trans>Copy when dragging</Trans>
            </Button>
            <Button
              variant="outline"
              aria-pressed={isDayView}
              onClick={() => setIsDayView((on) => !on)}
              className={isDayView ? 'border-primary bg-accent' : undefined}
            >
              <CalendarDays aria-hidden /> <Trans>Day view</Trans>
            </Button>
          </>
        )}
        {isAdmin && (
          <Button
            variant="outline"
            onClick={() => {
              rememberFocus();
              setIsSettingsOpen(true);
            }}
          >
            <Settings2 aria-hidden /> <Trans>Roster settings</Trans>
          </Button>
        )}
        <Button
          className="ml-auto"
          disabled={!data}
          onClick={() => {
            rememberFocus();
            setIsPublishOpen(true);
          }}
        >
          <Send aria-hidden />{' '}
          {unpublished > 0 ? t`Publish (${unpublished} unpublished)` : t`Publish`}
        </Button>
      </div>

      {/* While another week loads, the last one stays, dimmed and marked busy. */}
      <div
        aria-busy={roster.isPlaceholderData}
        className={roster.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      >
        <QueryState query={roster}>
          {(board) =>
            isWide && !isDayView ? (
              <RosterGrid
                data={board}
                projection={projection.data}
                actions={actions}
                isCopyMode={isCopyMode}
              />
            ) : (
              <div className="grid gap-3">
                <DayPicker days={board.days} day={shownDay} onDay={setDay} />
                {isWide ? (
                  <RosterDayTimeline
                    data={board}
                    projection={projection.data}
                    day={shownDay}
                    actions={actions}
                    isCopyMode={isCopyMode}
                  />
                ) : (
                  <RosterDayList
                    data={board}
                    projection={projection.data}
                    day={shownDay}
                    actions={actions}
                  />
                )}
              </div>
            )
          }
        </QueryState>
      </div>
      {projection.data && !projection.data.hasRates && (
        <p className="text-sm text-muted-foreground">
          <Trans>No hourly rates are set, so labour cost is not shown.</Trans>
        </p>
      )}
      {projection.isError && (
        <p className="text-sm text-muted-foreground">
          <Trans>Projected overtime and labour cost are not available right now.</Trans>
        </p>
      )}

      {shiftDialog && data && (
        <ShiftDialog
          shift={shiftDialog.shift}
          preset={shiftDialog.preset}
          data={data}
          onClose={closeShiftDialog}
          onDelete={deleteShift}
          onSaved={(saved) =>
            // A shift that breaks a rule an override reason can pass stays open, to give one.
            needsOverrideReason(saved.conflicts) && !saved.overrideReason
              ? setShiftDialog({ shift: saved, preset: null })
              : closeShiftDialog()
          }
        />
      )}
      {moving && data && (
        <MoveShiftDialog
          shift={moving.shift}
          mode={moving.mode}
          data={data}
          onClose={() => {
            setMoving(null);
            restoreFocus();
          }}
        />
      )}
      {isFillOpen && data && (
        <FillTemplateDialog
          data={data}
          onClose={() => {
            setIsFillOpen(false);
            restoreFocus();
          }}
        />
      )}
      {isPublishOpen && data && (
        <PublishDialog
          data={data}
          teamId={filters.teamId}
          onClose={() => {
            setIsPublishOpen(false);
            restoreFocus();
          }}
        />
      )}
      {isSettingsOpen && (
        <RosterSettingsDialog
          onClose={() => {
            setIsSettingsOpen(false);
            restoreFocus();
          }}
        />
      )}
    </div>
  );
}
