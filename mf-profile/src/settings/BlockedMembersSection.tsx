import { useId } from 'react';
import { BLOCK_MESSAGES as M, blocksApi, type BlockedMember } from '@sciexperts/shared/member';
import { StatusMessage } from '../ui/StatusMessage';
import utilities from '../ui/utilities.module.css';
import { LoadState } from './LoadState';
import { useLoaded } from './useLoaded';
import { useRowRemoval } from './useRowRemoval';
import styles from './Settings.module.css';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const readBlocked = () => blocksApi.list();

/** The members this member blocked (in a conversation), each with 'Unblock'. A blocked member is not told. */
export function BlockedMembersSection({ id }: { id?: string }) {
  const headingId = useId();
  const { value: members, setValue: setMembers, loadError, reload } = useLoaded(readBlocked);
  const { heading, busy, status, remove } = useRowRemoval(setMembers);

  const unblock = (member: BlockedMember) =>
    remove(
      member.id,
      () => blocksApi.unblock(member.id).then(() => M.unblocked),
      (m) => m.id === member.id,
    );

  return (
    <section id={id} tabIndex={id ? -1 : undefined} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
        {M.settingsTitle}
      </h2>
      {members === null ? (
        <LoadState error={loadError} onRetry={reload}>
          Loading…
        </LoadState>
      ) : members.length === 0 ? (
        <p className={styles.muted}>{M.settingsEmpty}</p>
      ) : (
        <ul className={styles.sessions}>
          {members.map((m) => {
            const name = `${m.firstName} ${m.lastName}`.trim();
            return (
              <li key={m.id} className={styles.session}>
                <span>
                  <span className={styles.device}>{name}</span>
                  <br />
                  <span className={styles.muted}>Blocked {when.format(new Date(m.blockedAt))}</span>
                </span>
                <button type="button" className={styles.textButton} aria-disabled={busy !== null || undefined} onClick={() => void unblock(m)}>
                  {busy === m.id ? 'Unblocking…' : M.unblockButton}
                  <span className={utilities.srOnly}> {name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <StatusMessage message={status?.text ?? null} tone={status?.tone} />
    </section>
  );
}
