import { RemoteComponent } from '../federation/RemoteComponent';
import type { AnyMemberPage } from './memberPages';

/**
 * One page of the member area, loaded from the remote its entry names, behind its own error region: a
 * remote that fails costs only its page, and the header, sidebar and footer stay usable around it.
 */
export function MemberPageContent({ page }: { page: AnyMemberPage }) {
  // The props were checked against the shared expose map where the list was written (memberPages).
  return <RemoteComponent id={page.module} what="this page" props={page.props ?? {}} />;
}
