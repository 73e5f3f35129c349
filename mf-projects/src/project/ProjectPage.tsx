import { useParams } from '@sciexperts/shared/router';
import { useAuth } from '@sciexperts/shared';
import { idOf } from '../routing';
import { LoadingState } from './LoadingState';
import { NotFoundState } from './NotFoundState';
import { ProjectScreen } from './ProjectScreen';
import { SignInPrompt } from './SignInPrompt';

/**
 * /projects/:id: the project in full for members who may see it, with what its owner or an expert can do on it.
 * Signed out, a prompt to sign in; once signed in, the project loads (keyed by member, so a change of account
 * starts afresh and never shows one member's view to another).
 */
export function ProjectPage() {
  const { id: param } = useParams();
  const id = idOf(param);
  const authStatus = useAuth((state) => state.status);
  const signedIn = useAuth((state) => state.token !== null);
  const userId = useAuth((state) => state.user?.id ?? null);
  const path = `/projects/${param ?? ''}`;

  if (id === null) return <NotFoundState path={path} />;
  if (!signedIn) return authStatus === 'loading' ? <LoadingState path={path} /> : <SignInPrompt path={path} />;
  return <ProjectScreen key={`${id}:${userId ?? ''}`} id={id} path={path} />;
}
