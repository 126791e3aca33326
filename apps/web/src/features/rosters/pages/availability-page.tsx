import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/ui/query-state';
import { availabilityQueryOptions } from '../availability-api';
import { AvailabilityExceptions } from '../components/availability-exceptions';
import { AvailabilityWeeklyEditor } from '../components/availability-weekly-editor';

/** Availability (#30): when the signed-in person can work, as planners see it on the roster. */
export default function AvailabilityPage() {
  const availability = useQuery(availabilityQueryOptions);
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Availability</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Tell your planners when you can work. They see it on the roster and need a reason to
            plan you when you said you are unavailable.
          </Trans>
        </p>
      </div>
      <QueryState query={availability}>
        {(data) => (
          <>
            <AvailabilityWeeklyEditor weekly={data.weekly} />
            <AvailabilityExceptions exceptions={data.exceptions} />
          </>
        )}
      </QueryState>
    </div>
  );
}
