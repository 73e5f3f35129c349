import { projectsApi } from '@sciexperts/shared/member';
import { CREATE_PROJECT_PATH } from '../routing';
import { useLoad } from '../ui/useLoad';
import { EmptyState } from './EmptyState';
import { Loaded } from './Loaded';
import { ReceivedProposals } from './ReceivedProposals';

/** Proposals on the owner's projects that are open or in progress, project by project. */
export function ReceivedTab({ memberKey }: { memberKey: string }) {
  const projects = useLoad(() => projectsApi.mine(), `mine:${memberKey}`);
  return (
    <Loaded load={projects}>
      {(data) => {
        const active = data.results.filter((project) => project.status === 'open' || project.status === 'in-progress');
        if (active.length === 0) return <EmptyState text="None of your projects is open or in progress, so there are no proposals to review." link={{ to: CREATE_PROJECT_PATH, label: 'Post a project' }} />;
        return (
          <>
            {active.map((project) => (
              <ReceivedProposals key={project.id} project={project} />
            ))}
          </>
        );
      }}
    </Loaded>
  );
}
