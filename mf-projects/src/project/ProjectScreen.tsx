import { projectsApi } from '@sciexperts/shared/member';
import { useLoad } from '../ui/useLoad';
import { LoadErrorState } from './LoadErrorState';
import { LoadingState } from './LoadingState';
import { NotFoundState } from './NotFoundState';
import { ProjectView } from './ProjectView';

/** Loads one project for the signed-in member and shows the state it is in. */
export function ProjectScreen({ id, path }: { id: number; path: string }) {
  const load = useLoad(() => projectsApi.get(id), String(id));
  const { reload, setData } = load;

  const project = load.data;
  const missing = load.status === 'error' && load.error.status === 404;
  // A reload that finds the project gone (cancelled while invite-only, an invitation declined) is a 404 too.
  if (missing) return <NotFoundState path={path} />;
  if (project === null) {
    return load.status === 'error' ? <LoadErrorState path={path} message={load.error.message} onRetry={reload} /> : <LoadingState path={path} />;
  }
  return (
    <ProjectView
      project={project}
      path={path}
      reloading={load.status === 'loading'}
      reloadError={load.status === 'error' ? load.error.message : null}
      reload={reload}
      replaceProject={setData}
    />
  );
}
