import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
