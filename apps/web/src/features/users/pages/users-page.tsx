import { ROLE_LABELS } from '@punchclock/shared/domain/roles';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CardSkeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useUsers } from '../api';

const dateTime = new Intl.DateTimeFormat('en-CA', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Toronto',
});

export default function UsersPage() {
  const users = useUsers();
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <h1 className="text-2xl font-bold">User Management</h1>
      {users.isPending ? (
        <CardSkeleton />
      ) : users.isError ? (
        <Card>
          <CardContent className="pt-6 text-destructive">{users.error.message}</CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>People</CardTitle>
            <CardDescription>
              {users.data.users.length} {users.data.users.length === 1 ? 'account' : 'accounts'}
            </CardDescription>
          </CardHeader>
          <CardContent className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Email
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Role
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Last sign-in
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((user) => (
                  <tr key={user.id} className="border-b last:border-0">
                    <td className="py-2 pr-4">{user.name ?? '—'}</td>
                    <td className="py-2 pr-4">{user.email}</td>
                    <td className="py-2 pr-4">{ROLE_LABELS[user.role ?? 'employee']}</td>
                    <td className="py-2 pr-4">
                      <span
                        className={cn(
                          'rounded-full px-2 py-0.5 text-xs font-medium',
                          user.isSuspended
                            ? 'bg-destructive/15 text-destructive'
                            : 'bg-success/15 text-success',
                        )}
                      >
                        {user.isSuspended ? 'Suspended' : 'Active'}
                      </span>
                    </td>
                    <td className="py-2">
                      {user.lastSignInAt ? dateTime.format(new Date(user.lastSignInAt)) : 'Never'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
