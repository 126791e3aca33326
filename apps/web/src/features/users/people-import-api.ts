// The people import's calls (#33 part 2): a preview that writes nothing, then the import.
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  peopleImportResultSchema,
  type PeopleImportCommit,
  type PeopleImportFile,
} from '@punchclock/shared/contracts/people-import';
import { callEndpoint, endpointPath } from '@/lib/call-endpoint';
import { toast } from '@/lib/toast';
import { usersQueryKey } from './api';

export function usePreviewPeopleImport() {
  return useMutation({
    meta: { showsOwnError: true }, // under the file picker
    mutationFn: (input: PeopleImportFile) =>
      callEndpoint('POST /api/users/import/preview', {
        body: input,
        schema: peopleImportResultSchema,
      }),
  });
}

export function useCommitPeopleImport() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: (input: PeopleImportCommit) =>
      callEndpoint('POST /api/users/import', { body: input, schema: peopleImportResultSchema }),
    onSuccess: (result) => {
      if (!result.imported) return;
      const added = result.counts.new;
      const changed = result.counts.updated;
      toast.success(t`People imported: ${added} added, ${changed} updated`);
      void queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}

export const peopleTemplatePath = (format: 'csv' | 'xlsx') =>
  endpointPath('GET /api/users/import/template', { query: { format } });

/** A file's bytes in base64, as the import takes them. */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
