import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { BLOCK_MESSAGES as M, blocksApi, type BlockedMember } from '@sciexperts/shared/member';
import { StatusMessage } from '../ui/StatusMessage';
import utilities from '../ui/utilities.module.css';
import styles from './Settings.module.css';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The members this member blocked (in a conversation), each with 'Unblock'. A blocked member is not told. */
export function BlockedMembersSection() {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [members, setMembers] = useState<BlockedMember[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

  const load = useCallback(() => {
    setLoadError(null);
    blocksApi.list().then(setMembers, (error: Error) => setLoadError(error.message));
  }, []);
  useEffect(load, [load]);

  async function unblock(member: BlockedMember) {
    if (busy !== null) return;
    setBusy(member.id);
    setStatus(null);
    try {
      await blocksApi.unblock(member.id);
      setMembers((list) => list?.filter((m) => m.id !== member.id) ?? null);
      setStatus({ text: M.unblocked, tone: 'success' });
      // The button that was pressed is gone with its row: the section keeps the reader's place.
      heading.current?.focus();
    } catch (error) {
      setStatus({ text: (error as Error).message, tone: 'error' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
        {M.settingsTitle}
      </h2>
      {members === null ? (
        loadError ? (
          <p role="alert" className={styles.error}>
            {loadError}{' '}
            <button type="button" className={styles.textButton} onClick={load}>
              Try again
            </button>
          </p>
        ) : (
          <p className={styles.muted}>Loading…</p>
        )
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
