import { useState } from 'react';
import { openLoginModal, useAuth, type ReportTarget } from '@sciexperts/shared';
import { ReportDialog } from './ReportDialog';
import styles from './ReportDialog.module.css';
import { VisuallyHidden } from '../a11y/VisuallyHidden';

export interface ReportButtonProps {
  targetType: ReportTarget;
  targetId: number;
  /** What is reported, for the button's accessible name and the dialog's title: 'this project' → 'Report this project'. */
  what: string;
  /** The member's own profile, project or proposal: nothing to report (the server refuses it too). */
  own?: boolean;
  /** The caller's look for the button; the quiet underlined one by default. */
  className?: string;
  /** Where a visitor comes back to after signing in: the router's location (default: the browser's address). */
  returnTo?: string;
}

/**
 * 'Report' beside what a member may report. A signed-out visitor is asked to sign in and comes back to this page
 * (the same address); a member opens the Report dialog. Not shown on one's own things.
 */
export function ReportButton({ targetType, targetId, what, own = false, className, returnTo }: ReportButtonProps) {
  const signedIn = useAuth((state) => state.token !== null);
  const [open, setOpen] = useState(false);
  if (own) return null;
  const onClick = () => {
    if (signedIn) setOpen(true);
    else openLoginModal('login', returnTo ?? `${window.location.pathname}${window.location.search}`);
  };
  return (
    <>
      <button type="button" className={className ?? styles.report} onClick={onClick}>
        Report<VisuallyHidden> {what}</VisuallyHidden>
      </button>
      {open && <ReportDialog targetType={targetType} targetId={targetId} title={`Report ${what}`} onClose={() => setOpen(false)} />}
    </>
  );
}
