import { t } from '@lingui/core/macro';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import {
  createUserResponseSchema,
  directoryResponseSchema,
  listTeamsResponseSchema,
  listUsersResponseSchema,
  setPasswordLinkSchema,
  teamSchema,
  userSummarySchema,
  type CreateUserRequest,
  type ListUsersQuery,
  type TeamInput,
  type UpdateUserRequest,
} from '@punchclock/shared/contracts/users';
import { callEndpoint } from '@/lib/call-endpoint';

export const usersQueryKey = ['users'] as const;

export function usersPageQueryOptions(query: ListUsersQuery) {
  return queryOptions({
    queryKey: [...usersQueryKey, 'page', query],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/users', { query, schema: listUsersResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Everyone, compactly: for pickers such as schedule assignment and team leads. */
export const directoryQueryOptions = queryOptions({
  queryKey: [...usersQueryKey, 'directory'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/users/directory', { schema: directoryResponseSchema, signal }),
});

export const teamsQueryOptions = queryOptions({
  queryKey: [...usersQueryKey, 'teams'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/teams', { schema: listTeamsResponseSchema, signal }),
});

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersQueryKey });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    meta: { showsOwnError: true }, // under the form
    mutationFn: (input: CreateUserRequest) =>
      callEndpoint('POST /api/users', { body: input, schema: createUserResponseSchema }),
    onSuccess: ({ user }) => {
      const name = user.name ?? user.email;
      toast.success(t`Added ${name}`);
      void invalidate();
    },
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    meta: { showsOwnError: true }, // under the form
    mutationFn: ({ id, input }: { id: string; input: UpdateUserRequest }) =>
      callEndpoint('PUT /api/users/:id', {
        params: { id },
        body: input,
        schema: z.object({ user: userSummarySchema }),
      }),
    onSuccess: ({ user }) => {
      const name = user.name ?? user.email;
      toast.success(t`Saved ${name}`);
      void invalidate();
    },
  });
}

export function useUserAction() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async ({
      id,
      action,
    }: {
      id: string;
      action: 'suspend' | 'unsuspend' | 'reset-password';
    }) => {
      if (action === 'reset-password') {
        const { setPasswordLink } = await callEndpoint('POST /api/users/:id/reset-password', {
          params: { id },
          schema: z.object({ setPasswordLink: setPasswordLinkSchema }),
        });
        return setPasswordLink;
      }
      await callEndpoint(`POST /api/users/:id/${action}`, { params: { id } });
      return null;
    },
    onSuccess: (_link, { action }) => {
      if (action === 'suspend') toast.success(t`Suspended and signed out everywhere`);
      if (action === 'unsuspend') toast.success(t`Reinstated`);
      void invalidate();
    },
  });
}

const teamResponse = z.object({ team: teamSchema });

export function useSaveTeam() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    meta: { showsOwnError: true }, // in the dialog
    mutationFn: ({ id, input }: { id?: string; input: TeamInput }) =>
      id
        ? callEndpoint('PUT /api/teams/:id', { params: { id }, body: input, schema: teamResponse })
        : callEndpoint('POST /api/teams', { body: input, schema: teamResponse }),
    onSuccess: ({ team }) => {
      const name = team.name;
      toast.success(t`Saved team ${name}`);
      void invalidate();
    },
  });
}

export function useDeleteTeam() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => callEndpoint('DELETE /api/teams/:id', { params: { id } }),
    onSuccess: () => {
      toast.success(t`Team deleted`);
      void invalidate();
    },
  });
}
