import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, TargetRefused, whyTargetRefused } from './target-guard.ts';

export interface OutgoingWebhook {
  url: string;
  allowPrivateNetwork: boolean;
  /** Loopback receivers too (the operator's WEBHOOK_ALLOW_LOOPBACK; decision 0040). */
  allowLoopback?: boolean;
  /** The webhook-id: the same on every attempt, so receivers can de-duplicate. */
  messageId: string;
  body: string;
  /** The current secret first; a rotated-out one still within its day after it. */
  secrets: string[];
}

export type SendResult =
  { ok: true; status: number } | { ok: false; status: number | null; error: string };

const USER_AGENT = 'Punchclock-Webhooks/1.0';

/**
 * Standard Webhooks headers: the id, the Unix timestamp of this attempt, and one `v1,` HMAC-
 * SHA256 signature per secret over `id.timestamp.body` (written by the `standardwebhooks` package,
 * whose verify() receivers use).
 */
export function signatureHeaders(message: OutgoingWebhook, now: Date): Record<string, string> {
  const signatures = message.secrets.map((secret) =>
    new Webhook(secret).sign(message.messageId, now, message.body),
  );
  return {
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/** One attempt: POST the signed body; any 2xx is delivered. Never throws. */
export async function sendWebhook(
  message: OutgoingWebhook,
  timeoutMs: number,
  now = new Date(),
): Promise<SendResult> {
  const refused = await whyTargetRefused(
    message.url,
    message.allowPrivateNetwork,
    message.allowLoopback,
  ).catch((error: unknown) =>
    error instanceof Error ? error.message : 'The address is not valid',
  );
  if (refused) return { ok: false, status: null, error: refused };
  const url = new URL(message.url);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          ...signatureHeaders(message, now),
        },
        lookup: guardedLookup(message.allowPrivateNetwork, message.allowLoopback),
      },
      (response) => {
        // The status is the answer: the body is not read, so a receiver that trickles or
        // sends megabytes cannot hold the job.
        const status = response.statusCode ?? 0;
        finish(
          status >= 200 && status < 300
            ? { ok: true, status }
            : { ok: false, status, error: `The receiver answered ${status}` },
        );
        request.destroy();
      },
    );
    // One deadline for the whole attempt (connect, send, status line), not an idle timeout.
    const deadline = setTimeout(() => {
      finish({ ok: false, status: null, error: `No answer within ${timeoutMs / 1000} s` });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) =>
      finish({
        ok: false,
        status: null,
        error:
          error instanceof TargetRefused
            ? error.message
            : `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`
                .trim()
                .slice(0, 300),
      }),
    );
    request.end(message.body);
  });
}
