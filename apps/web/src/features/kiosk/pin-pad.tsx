import { useLingui } from '@lingui/react/macro';
import { Delete } from 'lucide-react';
import { Button } from '@/components/ui/button';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * Big buttons that type the PIN at a kiosk (#28 item 15): on a tablet the system keyboard
 * would cover Continue, so the PIN field asks for none and these take its place. A keyboard
 * still types into the field; the pad is a labelled group of ordinary buttons.
 */
export function PinPad({
  pin,
  maxLength,
  onChange,
  disabled,
}: {
  pin: string;
  maxLength: number;
  onChange: (pin: string) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const type = (digit: string) => {
    if (pin.length < maxLength) onChange(pin + digit);
  };
  const key = 'h-14 text-2xl font-semibold tabular-nums';
  return (
    <div role="group" aria-label={t`PIN pad`} className="grid grid-cols-3 gap-2">
      {DIGITS.map((digit) => (
        <Button
          key={digit}
          type="button"
          variant="outline"
          className={key}
          disabled={disabled}
          onClick={() => type(digit)}
        >
          {digit}
        </Button>
      ))}
      <Button
        type="button"
        variant="ghost"
        className="h-14 text-base"
        disabled={disabled || pin === ''}
        onClick={() => onChange('')}
      >
        {t({ message: 'Clear', context: 'PIN pad' })}
      </Button>
      <Button
        type="button"
        variant="outline"
        className={key}
        disabled={disabled}
        onClick={() => type('0')}
      >
        0
      </Button>
      <Button
        type="button"
        variant="ghost"
        className="h-14 [&_svg]:size-6"
        disabled={disabled || pin === ''}
        aria-label={t`Delete the last digit`}
        onClick={() => onChange(pin.slice(0, -1))}
      >
        <Delete aria-hidden />
      </Button>
    </div>
  );
}
