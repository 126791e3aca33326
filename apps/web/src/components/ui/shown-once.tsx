import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';

/**
 * A secret the server keeps only a hash of (or will not show again): the value once, a Copy
 * button, and what to do with it. API tokens, webhook signing secrets, calendar addresses.
 */
export function ShownOnce({
  id,
  label,
  value,
  children,
}: {
  id: string;
  label: ReactNode;
  value: string;
  /** What to do with it, under the box. */
  children: ReactNode;
}) {
  const { t } = useLingui();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t`Copied`);
    } catch {
      toast.error(t`Copy it from the box instead`);
    }
  }
  return (
    <div className="grid gap-2 rounded-lg border bg-muted p-3" role="status">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} className="font-mono text-xs" />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden /> <Trans>Copy</Trans>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
