import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { TwoFactorSetupPage } from '@/features/account';
import { decideGuard } from '@punchclock/shared/domain/navigation';
import type { RoleRequirement } from '@punchclock/shared/domain/roles';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';

/** product §2 route guard: spinner while loading, /auth without a user, /dashboard without the role. */
export function RouteGuard({ requiredRole }: { requiredRole?: RoleRequirement }) {
  const session = useSession();
  const decision = decideGuard({
    isLoading: session.isPending,
    isSignedIn: session.user !== null,
    role: session.user?.role,
    requiredRole,
  });
  if (decision.kind === 'loading') return <FullPageSpinner />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  // Signed in with a password, but the company requires a second factor this person lacks: the
  // server refuses everything else until one is set up.
  if (session.data?.twoFactorSetupRequired) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <TwoFactorSetupPage />
      </Suspense>
    );
  }
  return <Outlet />;
}
