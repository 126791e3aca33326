import { History, LogOut, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { getRoleFlags } from '@punchclock/shared/domain/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession, useSignOut } from '@/features/auth/api';

export default function DashboardPage() {
  const { user } = useSession();
  const signOut = useSignOut();
  if (!user) return null;
  const { isAdmin } = getRoleFlags(user.role);

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <section className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">Punchclock</h1>
          <p className="truncate text-sm text-muted-foreground" data-testid="dashboard-email">
            {user.email}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/attendance-history">
              <History aria-hidden />
              History
            </Link>
          </Button>
          {isAdmin && (
            <Button variant="outline" asChild>
              <Link to="/admin">
                <ShieldCheck aria-hidden />
                Admin
              </Link>
            </Button>
          )}
          <Button variant="outline" onClick={() => signOut.mutate(undefined)}>
            <LogOut aria-hidden />
            Sign Out
          </Button>
        </div>
      </section>
      <Card>
        <CardHeader>
          <CardTitle>Welcome{user.name ? `, ${user.name}` : ''}</CardTitle>
          <CardDescription>
            Your time tracker, today&apos;s activity and your schedule will appear here.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">
            Use the menu to reach the screens your role gives you.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
