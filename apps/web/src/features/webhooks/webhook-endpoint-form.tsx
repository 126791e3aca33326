import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  webhookEndpointInputSchema,
  type WebhookEventType,
  type WebhookSecretResponse,
} from '@punchclock/shared/contracts/webhooks';
import { Button } from '@/components/ui/button';
import { CheckboxChoices } from '@/components/ui/checkbox-choices';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { addWebhookEndpoint } from './api';

/** Register an endpoint: its address, the events it wants, whether it may be internal. */
export function WebhookEndpointForm({
  onCreated,
}: {
  onCreated: (created: WebhookSecretResponse) => void;
}) {
  const { t } = useLingui();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventTypes, setEventTypes] = useState<WebhookEventType[]>([]);
  const [allowPrivateNetwork, setAllowPrivateNetwork] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    meta: { showsOwnError: true },
    mutationFn: addWebhookEndpoint,
    onSuccess: (created) => {
      setUrl('');
      setDescription('');
      setEventTypes([]);
      setAllowPrivateNetwork(false);
      onCreated(created);
    },
    onError: (failure) => setError(failure.message),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = webhookEndpointInputSchema.safeParse({
      url,
      description,
      eventTypes,
      allowPrivateNetwork,
    });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    create.mutate(parsed.data);
  };

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label={t`Add an endpoint`}>
      <Field
        id="webhook-url"
        label={t`Endpoint address`}
        hint={t`An https:// address that accepts POST requests.`}
      >
        <Input
          type="url"
          value={url}
          placeholder="https://hr.example.com/punchclock-events"
          autoComplete="off"
          onChange={(event) => setUrl(event.target.value)}
        />
      </Field>
      <Field id="webhook-description" label={t`Description`}>
        <Input
          value={description}
          placeholder={t`HR system`}
          autoComplete="off"
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
      <CheckboxChoices
        legend={t`Events`}
        options={WEBHOOK_EVENT_TYPES}
        describe={(type) => WEBHOOK_EVENT_DESCRIPTIONS[type]}
        chosen={eventTypes}
        onChange={setEventTypes}
        className="grid gap-1 md:grid-cols-2"
      />
      <label className="flex cursor-pointer items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1 accent-primary"
          checked={allowPrivateNetwork}
          onChange={(event) => setAllowPrivateNetwork(event.target.checked)}
        />
        <span>
          <Trans>Allow a private-network address</Trans>
          <span className="block text-muted-foreground">
            <Trans>
              Only for a system inside your network (it may then use plain http). Otherwise such
              addresses are refused, so nobody can point Punchclock at internal services.
            </Trans>
          </span>
        </span>
      </label>
      <FieldError id="webhook-error" message={error} />
      <Button
        type="submit"
        className="justify-self-start"
        disabled={create.isPending}
        aria-busy={create.isPending}
      >
        <Trans>Add endpoint</Trans>
      </Button>
    </form>
  );
}
