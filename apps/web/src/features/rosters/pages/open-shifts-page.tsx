import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ShiftMarket, ShiftTrade, TradeShift } from '@punchclock/shared/contracts/rosters';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { QueryState } from '@/components/ui/query-state';
import { shiftMarketQueryOptions, useShiftTradeMutations } from '../market-api';
import { MarketOfferDialog, type OfferKind } from '../components/market-offer-dialog';
import {
  MarketProblems,
  MarketShift,
  MarketTradeStatus,
  formatShiftDay,
} from '../components/market-shift';

/** A trade still in motion: a colleague or a manager has yet to answer. */
const isLive = (trade: ShiftTrade) => trade.status === 'offered' || trade.status === 'pending';

/** The caller's own trade as one sentence. */
function describeMine(trade: ShiftTrade): string {
  const taker = trade.takerName ?? '';
  if (trade.kind === 'claim') return t`You asked for an open shift`;
  if (trade.kind === 'swap') return t`You offered your shift to ${taker}`;
  return trade.takerName
    ? t`You gave your shift to the team; ${taker} took it`
    : t`You gave your shift to the team`;
}

/** An offer to the caller as one sentence. */
function describeOffer(trade: ShiftTrade): string {
  const name = trade.userName;
  return trade.kind === 'swap'
    ? t`${name} asks you to take their shift`
    : t`${name} gives this shift away to the team`;
}

function Section({
  title,
  description,
  isEmpty,
  empty,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        {isEmpty ? <p className="text-sm text-muted-foreground">{empty}</p> : children}
      </CardContent>
    </Card>
  );
}

const itemClass = 'flex flex-wrap items-start gap-3 rounded-lg border p-3 text-sm';

function Market({ market }: { market: ShiftMarket }) {
  const { t } = useLingui();
  const { request, accept, decline, cancel } = useShiftTradeMutations();
  const [offer, setOffer] = useState<{ kind: OfferKind; shift: TradeShift } | null>(null);
  /** The last refusal, shown next to what it refused: `<list>:<id>`. */
  const [refusal, setRefusal] = useState<{ at: string; message: string } | null>(null);
  const isBusy = request.isPending || accept.isPending || decline.isPending || cancel.isPending;
  const liveByShift = new Map(
    market.mine.filter(isLive).map((trade) => [trade.shift.id, trade] as const),
  );

  const run = (at: string, action: () => Promise<unknown>) => {
    setRefusal(null);
    action().catch((failure: unknown) =>
      setRefusal({
        at,
        message: failure instanceof Error ? failure.message : t`Something went wrong`,
      }),
    );
  };
  const refusalAt = (at: string) => (
    <FieldError id={`refusal-${at}`} message={refusal?.at === at ? refusal.message : undefined} />
  );

  return (
    <>
      <Section
        title={<Trans>Open shifts</Trans>}
        description={
          <Trans>
            Shifts of your team nobody has yet. Ask for one; a manager decides unless your team
            approves claims at once.
          </Trans>
        }
        isEmpty={market.openShifts.length === 0}
        empty={<Trans>No open shifts right now.</Trans>}
      >
        <ul className="grid gap-2" aria-label={t`Open shifts`}>
          {market.openShifts.map((shift) => {
            const at = `claim-${shift.id}`;
            const day = formatShiftDay(shift.date);
            const claimed = liveByShift.get(shift.id);
            return (
              <li key={shift.id} className={itemClass} data-testid="open-shift">
                <MarketShift shift={shift} />
                <div className="ml-auto flex flex-wrap items-center gap-2">
                  {claimed ? (
                    <MarketTradeStatus status={claimed.status} />
                  ) : (
                    <Button
                      size="sm"
                      aria-label={t`Claim: ${day}`}
                      aria-describedby={shift.problems.length > 0 ? `problems-${at}` : undefined}
                      disabled={isBusy || shift.problems.length > 0}
                      onClick={() =>
                        run(at, () =>
                          request.mutateAsync({ kind: 'claim', shiftId: shift.id, note: null }),
                        )
                      }
                    >
                      <Trans>Claim</Trans>
                    </Button>
                  )}
                </div>
                <div className="grid w-full gap-1 empty:hidden">
                  {!claimed && <MarketProblems id={`problems-${at}`} problems={shift.problems} />}
                  {refusalAt(at)}
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section
        title={<Trans>Offered to you</Trans>}
        description={
          <Trans>Shifts colleagues offer you or give away to the team. A manager decides.</Trans>
        }
        isEmpty={market.offers.length === 0}
        empty={<Trans>Nothing offered to you.</Trans>}
      >
        <ul className="grid gap-2" aria-label={t`Offered to you`}>
          {market.offers.map((trade) => {
            const at = `offer-${trade.id}`;
            const day = formatShiftDay(trade.shift.date);
            const note = trade.note;
            return (
              <li key={trade.id} className={itemClass} data-testid="shift-offer">
                <div className="grid gap-1">
                  <span className="font-medium">{describeOffer(trade)}</span>
                  <MarketShift shift={trade.shift} />
                  {note && <span className="text-muted-foreground">“{note}”</span>}
                </div>
                <div className="ml-auto flex flex-wrap items-center gap-2">
                  {trade.status !== 'offered' ? (
                    // Taken already (by the caller): it waits for a manager now.
                    <MarketTradeStatus status={trade.status} />
                  ) : (
                    <>
                      <Button
                        size="sm"
                        aria-label={t`Accept: ${day}`}
                        aria-describedby={trade.problems.length > 0 ? `problems-${at}` : undefined}
                        disabled={isBusy || trade.problems.length > 0}
                        onClick={() => run(at, () => accept.mutateAsync(trade.id))}
                      >
                        <Trans>Accept</Trans>
                      </Button>
                      {trade.kind === 'swap' && (
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={t`Decline: ${day}`}
                          disabled={isBusy}
                          onClick={() => run(at, () => decline.mutateAsync(trade.id))}
                        >
                          <Trans>Decline</Trans>
                        </Button>
                      )}
                    </>
                  )}
                </div>
                <div className="grid w-full gap-1 empty:hidden">
                  {trade.status === 'offered' && (
                    <MarketProblems id={`problems-${at}`} problems={trade.problems} />
                  )}
                  {refusalAt(at)}
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section
        title={<Trans>Your upcoming shifts</Trans>}
        description={
          <Trans>
            Offer a shift to a colleague, or give it away to your team. It stays yours until a
            manager approves the change.
          </Trans>
        }
        isEmpty={market.myShifts.length === 0}
        empty={<Trans>No published shifts ahead of you.</Trans>}
      >
        <ul className="grid gap-2" aria-label={t`Your upcoming shifts`}>
          {market.myShifts.map((shift) => {
            const day = formatShiftDay(shift.date);
            const live = liveByShift.get(shift.id);
            return (
              <li key={shift.id} className={itemClass} data-testid="my-shift">
                <MarketShift shift={shift} />
                <div className="ml-auto flex flex-wrap items-center gap-2">
                  {live ? (
                    <MarketTradeStatus status={live.status} />
                  ) : (
                    <>
                      {/* A swap names a colleague of the team: none, no swap. */}
                      {market.colleagues.length > 0 && (
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={t`Offer to a colleague: ${day}`}
                          onClick={() => setOffer({ kind: 'swap', shift })}
                        >
                          <Trans>Offer to a colleague</Trans>
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={t`Give away: ${day}`}
                        onClick={() => setOffer({ kind: 'drop', shift })}
                      >
                        <Trans>Give away</Trans>
                      </Button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section
        title={<Trans>Your requests</Trans>}
        isEmpty={market.mine.length === 0}
        empty={<Trans>No claims or offers yet.</Trans>}
      >
        <ul className="grid gap-2" aria-label={t`Your requests`}>
          {market.mine.map((trade) => {
            const at = `mine-${trade.id}`;
            const day = formatShiftDay(trade.shift.date);
            const note = trade.note;
            const comment = trade.decisionComment;
            const decidedBy = trade.decidedByName;
            return (
              <li key={trade.id} className={itemClass} data-testid="my-trade">
                <div className="grid gap-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <MarketTradeStatus status={trade.status} />
                    <span className="font-medium">{describeMine(trade)}</span>
                  </span>
                  <MarketShift shift={trade.shift} />
                  {note && <span className="text-muted-foreground">“{note}”</span>}
                  {comment && (
                    <span className="text-muted-foreground">
                      {decidedBy ? t`${decidedBy}: “${comment}”` : `“${comment}”`}
                    </span>
                  )}
                </div>
                {isLive(trade) && (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="ml-auto"
                    aria-label={t`Withdraw: ${day}`}
                    disabled={isBusy}
                    onClick={() => run(at, () => cancel.mutateAsync(trade.id))}
                  >
                    <Trans>Withdraw</Trans>
                  </Button>
                )}
                <div className="grid w-full gap-1 empty:hidden">
                  {isLive(trade) && (
                    <MarketProblems id={`problems-${at}`} problems={trade.problems} />
                  )}
                  {refusalAt(at)}
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      <MarketOfferDialog
        offer={offer}
        colleagues={market.colleagues}
        onClose={() => setOffer(null)}
      />
    </>
  );
}

/** Open Shifts & Swaps (#30): pick up open shifts, trade your own, answer colleagues' offers. */
export default function OpenShiftsPage() {
  const market = useQuery(shiftMarketQueryOptions);
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Open Shifts & Swaps</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Pick up a shift nobody has, or hand one of yours to a colleague. A manager approves each
            change; one that would break a rule (rest between shifts, weekly hours, time off) is
            refused with the reason.
          </Trans>{' '}
          <Link
            to="/availability"
            className="font-medium text-primary underline underline-offset-4"
          >
            <Trans>Tell planners when you can work</Trans>
          </Link>
        </p>
      </div>
      <QueryState query={market}>{(data) => <Market market={data} />}</QueryState>
    </div>
  );
}
