import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { createQueryClient } from './query-client';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), info: vi.fn() } }));

/** Run one mutation that fails with `message` through a fresh app query client. */
async function failMutation(message: string, meta?: { showsOwnError?: boolean }) {
  const observer = new MutationObserver(createQueryClient(), {
    mutationFn: () => Promise.reject(new Error(message)),
    meta,
  });
  await observer.mutate().catch(() => undefined);
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('the default error toast', () => {
  it('shows a failed mutation’s message', async () => {
    await failMutation('That period is locked');
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('That period is locked');
  });

  it('stays quiet for a mutation that shows its own failure', async () => {
    await failMutation('Name is required', { showsOwnError: true });
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('reads the server is too busy for', () => {
  it('are tried again after its Retry-After, up to three times', async () => {
    const client = createQueryClient();
    const busy = new ApiError('The server is busy. Please try again in a moment.', 503, 'busy', 1);
    let calls = 0;
    const data = await client.fetchQuery({
      queryKey: ['busy-then-fine'],
      queryFn: () => {
        calls += 1;
        if (calls <= 2) throw busy;
        return 'answered';
      },
      // fetchQuery does not retry unless told; the app's queries take the default.
      retry: client.getDefaultOptions().queries?.retry,
      retryDelay: client.getDefaultOptions().queries?.retryDelay,
    });
    expect(data).toBe('answered');
    expect(calls).toBe(3);
    // The wait is the server's Retry-After (1 s here), not the usual backoff.
    const retryDelay = client.getDefaultOptions().queries?.retryDelay as (
      failureCount: number,
      error: unknown,
    ) => number;
    expect(retryDelay(2, busy)).toBe(1_000);
    expect(retryDelay(2, new ApiError('Something went wrong', 500))).toBe(4_000);
  }, 10_000);
});
