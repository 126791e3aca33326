import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import {
  shiftTradeRequestSchema,
  type ShiftMarket,
  type ShiftTradeRequest,
  type TradeShift,
} from '@punchclock/shared/contracts/rosters';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useShiftTradeMutations } from '../market-api';
import { formatShiftDay, formatShiftTimes } from './market-shift';

export type OfferKind = 'swap' | 'drop';

/**
 * Offer one of your shifts: to a named colleague (a swap) or to anyone eligible on your team (a
 * drop). The colleague takes it, then a manager decides; a refusal is shown here.
 */
export function MarketOfferDialog({
  offer,
  colleagues,
  onClose,
}: {
  offer: { kind: OfferKind; shift: TradeShift } | null;
  colleagues: ShiftMarket['colleagues'];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { request } = useShiftTradeMutations();
  const [colleagueId, setColleagueId] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setColleagueId('');
    setNote('');
    setError(undefined);
    request.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!offer) return;
    const noteOrNull = note.trim() === '' ? null : note;
    const input: ShiftTradeRequest =
      offer.kind === 'swap'
        ? { kind: 'swap', shiftId: offer.shift.id, colleagueId, note: noteOrNull }
        : { kind: 'drop', shiftId: offer.shift.id, note: noteOrNull };
    const parsed = shiftTradeRequestSchema.safeParse(input);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    request.mutate(input, {
      onSuccess: close,
      onError: (failure) => setError(failure.message),
    });
  };

  const day = offer ? formatShiftDay(offer.shift.date) : '';
  const times = offer ? formatShiftTimes(offer.shift) : '';
  return (
    <Dialog open={offer !== null} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent>
        <DialogTitle>
          {offer?.kind === 'swap' ? (
            <Trans>Offer to a colleague</Trans>
          ) : (
            <Trans>Give away to your team</Trans>
          )}
        </DialogTitle>
        <DialogDescription>
          {offer?.kind === 'swap' ? (
            <Trans>
              {day}, {times}. Your colleague accepts or declines; then a manager decides. The shift
              stays yours until then.
            </Trans>
          ) : (
            <Trans>
              {day}, {times}. Anyone on your team who can work it may take it; then a manager
              decides. The shift stays yours until then.
            </Trans>
          )}
        </DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {offer?.kind === 'swap' && (
            <Field id="offer-colleague" label={t`Colleague`}>
              <Select value={colleagueId} onChange={(event) => setColleagueId(event.target.value)}>
                <option value="">{t`Choose…`}</option>
                {colleagues.map((colleague) => (
                  <option key={colleague.id} value={colleague.id}>
                    {colleague.name}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field id="offer-note" label={t`Note (optional)`}>
            <Input value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <FieldError id="offer-error" message={error} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={request.isPending}>
              {offer?.kind === 'swap' ? t`Send offer` : t`Give away`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
