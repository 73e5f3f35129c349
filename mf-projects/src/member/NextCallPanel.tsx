import { CALLS_PAGE_PATH, type NextCall } from '@sciexperts/shared';
import { callsApi } from '@sciexperts/shared/member';
import { useLoad } from '../ui/useLoad';
import { EmptyState } from './EmptyState';
import { Loaded } from './Loaded';
import { MemberSection } from './MemberSection';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** The dashboards' next call: with whom and when (in the member's own time zone), and the way to all calls. */
export function NextCallPanel({ memberKey }: { memberKey: string }) {
  const next = useLoad<NextCall>(() => callsApi.next(), `next-call:${memberKey}`);
  return (
    <MemberSection look="panel" title="Next call" link={{ to: CALLS_PAGE_PATH, label: 'Scheduled Calls' }}>
      <Loaded load={next}>
        {(data) => {
          const call = data.call;
          if (!call?.startsAt) return <EmptyState text="No upcoming calls." />;
          const other = call.role === 'expert' ? call.client : call.expert;
          return (
            <p>
              {call.lengthMinutes}-minute call with {other.firstName} {other.lastName}, {when(call.startsAt)}
            </p>
          );
        }}
      </Loaded>
    </MemberSection>
  );
}
