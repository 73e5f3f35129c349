import { useId } from 'react';
import { useSearchParams } from '@sciexperts/shared/router';
import { useAuth } from '@sciexperts/shared';
import { useTabs } from '@sciexperts/ui';
import { InvitationsTab } from './InvitationsTab';
import { MemberPageTitle } from './MemberPageTitle';
import { ReceivedTab } from './ReceivedTab';
import { SentTab } from './SentTab';
import styles from './Member.module.css';

export const PROPOSAL_TABS = ['sent', 'invitations', 'received'] as const;
export type ProposalTab = (typeof PROPOSAL_TABS)[number];

const TAB_LABELS: Record<ProposalTab, string> = {
  sent: 'Sent',
  invitations: 'Invitations',
  received: 'Received',
};

function tabOf(raw: string | null): ProposalTab {
  return (PROPOSAL_TABS as readonly string[]).includes(raw ?? '') ? (raw as ProposalTab) : 'sent';
}

/**
 * /profile/proposals: what the member sent and was invited to as an expert, and what they received as an owner,
 * one tab each. The tab is in the URL (?tab=invitations), so the dashboards link straight to it; each tab loads
 * when it is shown.
 */
export function ProposalsPage() {
  const [params, setParams] = useSearchParams();
  const selected = tabOf(params.get('tab'));
  const memberKey = String(useAuth((state) => state.user?.id ?? ''));
  const idBase = useId();
  const select = (tab: ProposalTab) => {
    const next = new URLSearchParams(params);
    if (tab === 'sent') next.delete('tab');
    else next.set('tab', tab);
    // Switching tabs is not a new page: Back leaves the page instead of stepping through the tabs.
    setParams(next, { replace: true });
  };
  const tabs = useTabs({ tabs: PROPOSAL_TABS, selected, onSelect: select, idBase, singlePanel: true });

  return (
    <div className={styles.page}>
      <MemberPageTitle title="Proposals" />
      <div>
        <h1 className={styles.title}>Proposals</h1>
        <p className={styles.lead}>Proposals you sent and invitations you received as an expert, and proposals on your own projects.</p>
      </div>
      <div>
        <div {...tabs.listProps} aria-label="Proposals" className={styles.tabList}>
          {PROPOSAL_TABS.map((tab) => (
            <button key={tab} {...tabs.tabProps(tab)} className={styles.tab}>
              {TAB_LABELS[tab]}
            </button>
          ))}
        </div>
      </div>
      <div {...tabs.panelProps(selected)} tabIndex={0} className={styles.tabPanel}>
        {selected === 'sent' ? <SentTab memberKey={memberKey} /> : selected === 'invitations' ? <InvitationsTab memberKey={memberKey} /> : <ReceivedTab memberKey={memberKey} />}
      </div>
    </div>
  );
}
