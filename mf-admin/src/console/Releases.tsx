import { useCallback, useEffect, useState } from 'react';
import type { ReleaseEventView, ReleasesOverview, RemoteReleasesView } from '@sciexperts/shared';
import { mayDo } from '@sciexperts/shared/member';
import { ActionNotice, useActionNotice } from './ActionNotice';
import { AdminApiError, adminApi } from './api';
import { dateTime } from './format';
import { useSession } from './session';
import css from './console.module.css';

const messageOf = (err: unknown, fallback: string) => (err instanceof AdminApiError ? err.message : fallback);
const rate = (errors: number, loads: number) => (loads === 0 ? '–' : `${((errors / loads) * 100).toFixed(1)} %`);
const ACTION_WORDS: Record<ReleaseEventView['action'], string> = {
  register: 'Registered',
  promote: 'Promoted',
  canary: 'Canary',
  rollback: 'Rolled back',
  'auto-rollback': 'Rolled back automatically',
};

/** The gate's refusal: each reason, and the choice to go ahead all the same (recorded with what it overrode). */
interface Refusal {
  remote: string;
  version: string;
  percent: number | null;
  reasons: string[];
}

function RemoteReleases({ remote, change, onChanged }: { remote: RemoteReleasesView; change: boolean; onChanged: (message: string) => void }) {
  const [percent, setPercent] = useState('10');
  const [history, setHistory] = useState<ReleaseEventView[] | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<{ version: string; expiresAt: string } | null>(null);
  const titleId = `remote-${remote.remote}`;

  const showHistory = useCallback(() => {
    adminApi
      .releaseHistory(remote.remote)
      .then((r) => setHistory(r.events))
      .catch((err: unknown) => setError(messageOf(err, 'The history could not be loaded.')));
  }, [remote.remote]);

  async function move(version: string, canaryPercent: number | null, force = false) {
    setError(null);
    setRefusal(null);
    try {
      if (canaryPercent === null) await adminApi.promoteRelease(remote.remote, { version, ...(force ? { force } : {}) });
      else await adminApi.canaryRelease(remote.remote, { version, percent: canaryPercent, ...(force ? { force } : {}) });
      onChanged(canaryPercent === null ? `${remote.remote}@${version} is live for everyone.` : `${remote.remote}@${version} is live for ${canaryPercent} % of visitors.`);
      if (history) showHistory();
    } catch (err) {
      const reasons = err instanceof AdminApiError ? err.details.filter((d) => d.field === 'gate').map((d) => d.message) : [];
      if (reasons.length > 0) setRefusal({ remote: remote.remote, version, percent: canaryPercent, reasons });
      else setError(messageOf(err, 'The release could not be changed.'));
    }
  }

  async function preview(version: string) {
    setError(null);
    setPreviewing(null);
    try {
      // The link is made (audited), then opened in this browser with this operator's session: only a release
      // operator's browser gets a preview, never whoever else holds the link.
      const link = await adminApi.previewRelease(remote.remote, version);
      if (await adminApi.openPreview(link.token)) setPreviewing({ version, expiresAt: link.expiresAt });
      else setError('The preview could not be opened in this browser.');
    } catch (err) {
      setError(messageOf(err, 'The preview could not be opened.'));
    }
  }

  async function rollback() {
    setError(null);
    try {
      await adminApi.rollbackRelease(remote.remote);
      onChanged(`${remote.remote} is rolled back.`);
      if (history) showHistory();
    } catch (err) {
      setError(messageOf(err, 'The rollback failed.'));
    }
  }

  const percentValue = Number(percent);
  const percentValid = Number.isInteger(percentValue) && percentValue >= 1 && percentValue <= 99;
  return (
    <section className={css.section} aria-labelledby={titleId}>
      <h2 id={titleId}>{remote.remote}</h2>
      <p>
        Live: <strong>{remote.live ?? 'the built remote'}</strong>
        {remote.canary ? (
          <>
            {' '}
            · Canary: <strong>{remote.canary.version}</strong> for {remote.canary.percent} % of visitors
          </>
        ) : null}
      </p>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      {refusal && (
        <div role="alert" className={css.error}>
          <p>
            The live shell cannot run {refusal.remote}@{refusal.version}:
          </p>
          <ul>
            {refusal.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          {change && (
            <button type="button" className={css.secondary} onClick={() => void move(refusal.version, refusal.percent, true)}>
              {refusal.percent === null ? 'Promote anyway' : 'Start the canary anyway'} (recorded)
            </button>
          )}
        </div>
      )}
      {previewing && (
        <p>
          This browser previews {previewing.version} until {dateTime(previewing.expiresAt)}; nobody else sees it.{' '}
          <a href="/" target="_blank" rel="noreferrer">
            Open the site
          </a>
        </p>
      )}
      <div className={css.tableWrap}>
        <table className={css.table}>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Released</th>
              <th scope="col">Page loads</th>
              <th scope="col">Errors</th>
              <th scope="col">Error rate</th>
              {change && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {remote.releases.map((r) => (
              <tr key={r.version}>
                <th scope="row">
                  {r.version}
                  {r.version === remote.live ? ' (live)' : r.version === remote.canary?.version ? ' (canary)' : ''}
                </th>
                <td>
                  {dateTime(r.releasedAt)} by {r.releasedBy}
                  {r.commit ? `, commit ${r.commit.slice(0, 12)}` : ''}
                </td>
                <td>{r.pageLoads}</td>
                <td>{r.errors}</td>
                <td>{rate(r.errors, r.pageLoads)}</td>
                {change && (
                  <td>
                    <button type="button" className={css.secondary} onClick={() => void preview(r.version)} aria-label={`Preview ${r.version}`}>
                      Preview
                    </button>{' '}
                    {r.version !== remote.live && (
                      <>
                        <button type="button" onClick={() => void move(r.version, null)} aria-label={`Promote ${r.version}`}>
                          Promote
                        </button>{' '}
                        <button type="button" className={css.secondary} disabled={!percentValid} onClick={() => void move(r.version, percentValue)} aria-label={`Canary ${r.version}`}>
                          Canary
                        </button>
                      </>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {change && (
        <p>
          <label className={css.field}>
            Canary share (% of visitors, 1–99)
            <input type="number" min={1} max={99} value={percent} onChange={(e) => setPercent(e.target.value)} />
          </label>{' '}
          <button type="button" className={css.secondary} onClick={() => void rollback()} disabled={!remote.live && !remote.canary}>
            Rollback
          </button>
        </p>
      )}
      {history === null ? (
        <button type="button" className={css.secondary} onClick={showHistory}>
          Show history
        </button>
      ) : (
        <ol aria-label={`History of ${remote.remote}`}>
          {history.map((e) => (
            <li key={e.id}>
              {dateTime(e.at)} — {ACTION_WORDS[e.action]} {e.version ?? 'the built remote'}
              {e.canaryPercent !== null ? ` for ${e.canaryPercent} %` : ''} by {e.actor}
              {e.details ? `: ${e.details}` : ''}
              {e.reason ? ` (${e.reason})` : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * Releases (docs/decisions/0049-versioned-remote-releases.md): each remote's live and canary version, its releases
 * with page loads, errors and error rate side by side, and the buttons the release commands press (Promote, Canary,
 * Rollback). The gate's refusal lists its reasons and offers the forced change, which the history records.
 */
export function Releases() {
  const session = useSession();
  const change = session ? mayDo(session.operator.role, 'releases.change') : false;
  const [overview, setOverview] = useState<ReleasesOverview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { notice, done } = useActionNotice();
  const load = useCallback(() => {
    adminApi
      .releases()
      .then(setOverview)
      .catch((err: unknown) => setLoadError(messageOf(err, 'The releases could not be loaded.')));
  }, []);
  useEffect(load, [load]);
  return (
    <section aria-labelledby="releases-title">
      <h1 id="releases-title">Releases</h1>
      <p>Each remote&apos;s live version and canary. A release is made with npm run release -w &lt;remote&gt;; here it is promoted, tried on a share of visitors, or rolled back.</p>
      {loadError && (
        <p role="alert" className={css.error}>
          {loadError}
        </p>
      )}
      <ActionNotice notice={notice} />
      {overview && overview.remotes.length === 0 && <p>No release is registered: every remote is the one built with the site.</p>}
      {overview?.remotes.map((remote) => (
        <RemoteReleases
          key={remote.remote}
          remote={remote}
          change={change}
          onChanged={(message) => {
            done(message);
            load();
          }}
        />
      ))}
    </section>
  );
}
