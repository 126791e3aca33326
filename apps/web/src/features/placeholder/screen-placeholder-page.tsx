import { Construction } from 'lucide-react';
import { findScreen } from '@punchclock/shared/domain/navigation';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A named screen whose feature has not shipped yet: its title and a plain empty state. */
export default function ScreenPlaceholderPage({ path }: { path: string }) {
  const title = findScreen(path)?.title ?? 'Page';
  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-5xl gap-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <Card>
        <CardHeader className="items-center text-center">
          <Construction className="mb-2 size-10 text-muted-foreground" aria-hidden />
          <CardTitle>Nothing here yet</CardTitle>
          <CardDescription>This screen is part of an upcoming release.</CardDescription>
        </CardHeader>
        <CardContent />
      </Card>
    </div>
  );
}
