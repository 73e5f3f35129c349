import { useCallback } from 'react';
import { type ApiError } from '@sciexperts/shared';
import { projectsApi, type Project, type ProposalList } from '@sciexperts/shared/member';
import { useNotice } from '@sciexperts/ui';
import { useLoad } from '../ui/useLoad';
import { InviteExperts } from './InviteExperts';
import { Notice } from './Notice';
import { OwnerActions } from './OwnerActions';
import { ProposalsSection } from './ProposalsSection';

const NO_PROPOSALS: ProposalList = { results: [] };

/** The owner's side of the page: manage the project, invite experts, compare proposals and hire. */
export function OwnerView({ project, reloadProject }: { project: Project; reloadProject: () => void }) {
  const { notice, show, ref } = useNotice();
  const isDraft = project.status === 'draft';
  // A draft has no proposals yet; publishing changes the key, so the list loads then.
  const proposals = useLoad(() => (isDraft ? Promise.resolve(NO_PROPOSALS) : projectsApi.proposals(project.id)), `${project.id}:${isDraft ? 'draft' : 'published'}`);
  const reloadProposals = proposals.reload;

  const refresh = useCallback(() => {
    reloadProject();
    reloadProposals();
  }, [reloadProject, reloadProposals]);

  /** An action was done (or refused with 409): say so, and show the project as it now is. */
  const onDone = useCallback(
    (message: string, options: { focus?: boolean } = {}) => {
      show(message, 'success', options);
      refresh();
    },
    [show, refresh],
  );
  const onConflict = useCallback(
    (error: ApiError) => {
      show(error.message, 'error', { focus: true });
      refresh();
    },
    [show, refresh],
  );

  // Focus goes to the outcome: the Hire buttons go with the project's open status.
  const onHired = useCallback((expertName: string) => onDone(`You hired ${expertName}. The contract is active.`, { focus: true }), [onDone]);

  return (
    <>
      <Notice notice={notice} noticeRef={ref} />
      <OwnerActions project={project} proposals={proposals.data?.results ?? null} onDone={onDone} onConflict={onConflict} />
      {project.status === 'open' || isDraft ? <InviteExperts project={project} /> : null}
      {isDraft ? null : <ProposalsSection project={project} load={proposals} onHired={onHired} onConflict={onConflict} />}
    </>
  );
}
