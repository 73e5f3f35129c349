import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from '@sciexperts/shared/router';
import type { AdminMemberView } from '@sciexperts/shared/member';
import { AdminApiError, adminApi } from './api';
import { dateTime } from './format';
import { MemberModeration } from './MemberModeration';
import { MemberReports } from './MemberReports';
import { useSession } from './session';
import css from './console.module.css';
import { VisuallyHidden } from '@sciexperts/ui';

const message = (err: unknown, fallback: string) => (err instanceof AdminApiError ? err.message : fallback);

/**
 * Members by name or e-mail: their state and contracts; a member's page adds the reports about them; end their sessions
 * or resend the confirmation link.
 */
export function Members() {
  const session = useSession();
  const mayAct = session?.operator.role !== 'finance';
  const maySuspend = session?.operator.role === 'operator';
  const [q, setQ] = useState('');
  const [members, setMembers] = useState<AdminMemberView[] | null>(null);
  const [chosen, setChosen] = useState<AdminMemberView | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A link from elsewhere in the console (the audit log) names one member: their page, read from the server.
  const linked = Number(useSearchParams()[0].get('member'));
  useEffect(() => {
    if (!Number.isInteger(linked) || linked < 1) return;
    adminApi
      .member(linked)
      .then((m) => {
        setMembers([m]);
        if (mayAct) setChosen(m);
      })
      .catch((err: unknown) => setError(message(err, 'The member could not be loaded.')));
  }, [linked, mayAct]);

  async function search(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setDone(null);
    try {
      setMembers((await adminApi.members(q)).members);
    } catch (err) {
      setError(message(err, 'The search failed.'));
    }
  }
  /** Opens a member's page from the server (which records that this operator opened it), not from the search's copy. */
  async function open(m: AdminMemberView) {
    setError(null);
    setDone(null);
    try {
      setChosen(await adminApi.member(m.id));
      setReason('');
    } catch (err) {
      setError(message(err, 'The member could not be loaded.'));
    }
  }
  async function act(what: 'sessions' | 'verification' | 'suspend' | 'lift') {
    if (!chosen) return;
    setError(null);
    setDone(null);
    try {
      if (what === 'sessions') {
        const { ended } = await adminApi.endSessions(chosen.id, reason);
        setDone(`${ended} session(s) of ${chosen.name} ended; their open pages are signed out.`);
        setReason('');
      } else if (what === 'suspend' || what === 'lift') {
        await (what === 'suspend' ? adminApi.suspend(chosen.id, reason) : adminApi.lift(chosen.id, reason));
        setDone(what === 'suspend' ? `${chosen.name} is suspended and was told why by e-mail.` : `${chosen.name}'s suspension is lifted.`);
        setChosen({ ...chosen, suspended: what === 'suspend' ? { at: new Date().toISOString(), reason } : null });
        setReason('');
      } else {
        await adminApi.resendVerification(chosen.id);
        setDone(`A new confirmation link was sent to ${chosen.email}.`);
      }
    } catch (err) {
      setError(message(err, 'That did not work. Try again.'));
    }
  }

  return (
    <section aria-labelledby="members-title">
      <h1 id="members-title">Members</h1>
      <form className={css.form} onSubmit={(e) => void search(e)} role="search">
        <div className={css.field}>
          <label htmlFor="member-q">Name or e-mail</label>
          <input id="member-q" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        <button type="submit" className={css.button}>
          Search
        </button>
      </form>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      <p role="status">{done ?? ''}</p>
      {members && members.length === 0 && <p>No member matches.</p>}
      {members && members.length > 0 && (
        <div className={css.tableWrap}>
          <table className={css.table}>
            <caption>Members found (newest first)</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Account</th>
                <th scope="col">Contracts</th>
                <th scope="col">Sessions</th>
                <th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id}>
                  <td>
                    {m.name}
                    <br />
                    {m.email}
                  </td>
                  <td>
                    Since {dateTime(m.createdAt)}; {m.emailVerified ? 'e-mail confirmed' : 'e-mail not confirmed'}; {m.signInWith === 'oidc' ? 'identity provider' : 'password'}
                    {m.deleted ? '; deleted' : ''}
                    {m.suspended ? `; suspended since ${dateTime(m.suspended.at)} (${m.suspended.reason})` : ''}
                    {m.profilePublic ? '' : '; profile hidden'}
                    {m.profileHidden ? '; profile hidden by SciExperts' : ''}
                  </td>
                  <td>
                    {m.contracts.asClient} as client, {m.contracts.asExpert} as expert
                  </td>
                  <td>{m.activeSessions}</td>
                  <td>
                    {mayAct && (
                      <button type="button" className={css.secondary} onClick={() => void open(m)} aria-label={`Manage ${m.name}`}>
                        Manage
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {chosen && mayAct && (
        <section className={css.section} aria-labelledby="manage-title">
          <h2 id="manage-title">Manage {chosen.name}</h2>
          <div className={css.form}>
            <div className={css.field}>
              <label htmlFor="manage-reason">Reason (recorded in the audit log)</label>
              <textarea id="manage-reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
            <button type="button" className={css.button} onClick={() => void act('sessions')}>
              End all sessions
            </button>
            {maySuspend && !chosen.deleted && (
              <button type="button" className={css.secondary} onClick={() => void act(chosen.suspended ? 'lift' : 'suspend')}>
                {chosen.suspended ? 'Lift the suspension' : 'Suspend the member'}
              </button>
            )}
            {maySuspend && !chosen.deleted && (
              <MemberModeration
                member={chosen}
                reason={reason}
                onChanged={(changed, message) => {
                  setError(null);
                  setDone(message);
                  setChosen(changed);
                  setMembers((list) => list?.map((m) => (m.id === changed.id ? changed : m)) ?? null);
                  setReason('');
                }}
                onError={(message) => {
                  setDone(null);
                  setError(message);
                }}
              />
            )}
            {!chosen.emailVerified && !chosen.deleted && (
              <button type="button" className={css.secondary} onClick={() => void act('verification')}>
                Resend the confirmation e-mail
              </button>
            )}
          </div>
          <MemberReports member={chosen} />
        </section>
      )}
    </section>
  );
}
