import { Trans } from '@lingui/react/macro';

/**
 * On the sign-in page of an instance nobody has set up yet (decision 0053): where the one-time
 * link is. Loaded only then, so the sign-in page of a running company does not carry it.
 */
export default function SetupNotice() {
  return (
    <div
      role="status"
      className="rounded-md border border-primary/40 bg-primary/5 p-3 text-sm"
      data-testid="needs-setup"
    >
      <p className="font-medium">
        <Trans>Punchclock is not set up yet.</Trans>
      </p>
      <p className="mt-1 text-muted-foreground">
        <Trans>
          Open the one-time setup link printed on the server’s console (where Punchclock was
          started) to name your organisation and create the first admin.
        </Trans>
      </p>
    </div>
  );
}
