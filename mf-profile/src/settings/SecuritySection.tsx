import { useId, useRef, useState, type FormEvent } from 'react';
import { createPasskey, passkeysSupported, securityApi, type PasskeyInfo, type SecondFactorSetup, type SecurityOverview } from '@sciexperts/shared';
import { ConfirmDialog } from '@sciexperts/ui';
import { dangerConfirmClassNames } from '../editor/records/dangerConfirmClassNames';
import { StatusMessage } from '../ui/StatusMessage';
import { LoadState } from './LoadState';
import { RecoveryCodes } from './RecoveryCodes';
import { TextField } from './TextField';
import { useLoaded } from './useLoaded';
import styles from './Settings.module.css';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

type Status = { text: string; tone: 'success' | 'error' } | null;

/** What each removal does, said before it is done (then the step-up asks the member to confirm it is them). */
export const SECURITY_CONFIRMATIONS = {
  turnOff:
    'Turn off two-step verification? Signing in with your password will no longer ask for a code, and your authenticator app and recovery codes will stop working for SciExperts. We will e-mail you about the change. Next, we ask you to confirm it is you.',
  removePasskey: (name: string) =>
    `Remove the passkey “${name}”? You will no longer be able to sign in with it. We will e-mail you about the change. Next, we ask you to confirm it is you.`,
} as const;

/** The authenticator key in groups of four ("JBSW Y3DP EHPK 3PXP"): 32 letters in one block are easy to mistype. */
export const groupInFours = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? key;

const readOverview = () => securityApi.overview();

/**
 * Account security (docs/decisions/0034-second-factor.md): two-step verification (an authenticator app, with ten
 * recovery codes shown once), passkeys, and the recent sign-ins and security changes. Adding a way in (an
 * authenticator app, a passkey, new recovery codes) and removing one ask the member to confirm it is them first
 * (docs/decisions/0042): the server answers the first call of each with a step-up, and the shared step-up dialog asks
 * before any QR code is shown or the browser's passkey prompt opens.
 */
export function SecuritySection({ id }: { id?: string }) {
  const { value: overview, loadError, reload: load } = useLoaded(readOverview);

  if (!overview) {
    return (
      <section id={id} tabIndex={id ? -1 : undefined} className={styles.section} aria-label="Account security">
        <LoadState error={loadError} onRetry={load}>
          Loading your account security…
        </LoadState>
      </section>
    );
  }
  return (
    <>
      <TwoStepSection id={id} overview={overview} onChanged={load} />
      <PasskeysSection overview={overview} onChanged={load} />
      <ActivitySection overview={overview} />
    </>
  );
}

function TwoStepSection({ id, overview, onChanged }: { id?: string; overview: SecurityOverview; onChanged: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [asking, setAsking] = useState(false);
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const { enabled, recoveryCodesLeft } = overview.secondFactor;

  async function act(call: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setStatus(null);
    try {
      await call();
    } catch (error) {
      setStatus({ text: (error as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      setCodeError(undefined);
      try {
        const answer = await securityApi.confirmSecondFactor(code.trim());
        setSetup(null);
        setCode('');
        setCodes(answer.recoveryCodes);
        setStatus({ text: answer.message, tone: 'success' });
      } catch (error) {
        setCodeError((error as Error).message);
      }
    });
  };

  return (
    <section id={id} tabIndex={id ? -1 : undefined} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
        Two-step verification
      </h2>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            onChanged();
          }}
        />
      ) : setup ? (
        <form className={styles.form} noValidate onSubmit={confirm} aria-busy={busy}>
          <p className={styles.lead}>Scan this QR code with your authenticator app, or type the key into it. Then enter the 6-digit code it shows.</p>
          <img src={setup.qrCodeDataUrl} alt="QR code to add SciExperts to your authenticator app" width={200} height={200} />
          <p className={styles.hint}>
            Key: <code data-testid="totp-secret">{groupInFours(setup.secret)}</code>
          </p>
          <TextField label="6-digit code" autoComplete="one-time-code" value={code} onChange={setCode} error={codeError} />
          <button type="submit" className={styles.save} disabled={busy}>
            Turn on
          </button>
          <button type="button" className={styles.textButton} onClick={() => setSetup(null)}>
            Cancel
          </button>
        </form>
      ) : enabled ? (
        <>
          <p className={styles.lead}>
            On: signing in with your password also asks for a code from your authenticator app. {recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <div className={styles.form}>
            <button
              type="button"
              className={styles.secondary}
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  const answer = await securityApi.regenerateRecoveryCodes();
                  setCodes(answer.recoveryCodes);
                  setStatus({ text: answer.message, tone: 'success' });
                })
              }
            >
              New recovery codes
            </button>
            <button
              type="button"
              className={styles.danger}
              disabled={busy}
              onClick={() => setAsking(true)}
            >
              Turn off two-step verification
            </button>
          </div>
          {asking ? (
            <ConfirmDialog
              message={SECURITY_CONFIRMATIONS.turnOff}
              confirmLabel="Turn it off"
              onConfirm={() => {
                // Closed first: the step-up dialog that may follow is the only one open.
                setAsking(false);
                void act(async () => {
                  setStatus({ text: (await securityApi.disableSecondFactor()).message, tone: 'success' });
                  // Its button goes once the section reads "Off": the heading keeps the reader's place.
                  heading.current?.focus();
                  onChanged();
                });
              }}
              onCancel={() => setAsking(false)}
              classNames={dangerConfirmClassNames}
            />
          ) : null}
        </>
      ) : (
        <>
          <p className={styles.lead}>Off. Turn it on to ask for a code from an authenticator app each time you sign in with your password. We ask you to confirm it is you first.</p>
          <button type="button" className={styles.save} disabled={busy} onClick={() => void act(async () => setSetup(await securityApi.setupSecondFactor()))}>
            Turn on two-step verification
          </button>
        </>
      )}
      <StatusMessage message={status?.text ?? null} tone={status?.tone} />
    </section>
  );
}

function PasskeysSection({ overview, onChanged }: { overview: SecurityOverview; onChanged: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const supported = passkeysSupported();

  async function act(call: () => Promise<string>, then?: () => void) {
    if (busy) return;
    setBusy(true);
    setStatus(null);
    try {
      setStatus({ text: await call(), tone: 'success' });
      then?.();
      onChanged();
    } catch (error) {
      const e = error as Error;
      // The member closed the browser's passkey prompt: nothing went wrong.
      if (e.name !== 'NotAllowedError') setStatus({ text: e.message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Give the passkey a name.');
      return;
    }
    setNameError(undefined);
    void act(async () => {
      const { options } = await securityApi.passkeyRegisterOptions();
      const response = await createPasskey(options);
      const answer = await securityApi.addPasskey(name.trim(), response);
      setName('');
      return answer.message;
    });
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
        Passkeys
      </h2>
      <p className={styles.lead}>Sign in with your fingerprint, face or device PIN instead of a password. Adding a passkey asks you to confirm it is you first.</p>
      {overview.passkeys.length === 0 ? (
        <p className={styles.muted}>No passkeys yet.</p>
      ) : (
        <ul className={styles.sessions} aria-label="Your passkeys">
          {overview.passkeys.map((p) => (
            <li key={p.id} className={styles.session}>
              <span>
                <span className={styles.device}>{p.name}</span>
                <br />
                <span className={styles.muted}>
                  Added {day.format(new Date(p.createdAt))} · {p.lastUsedAt ? `last used ${when.format(new Date(p.lastUsedAt))}` : 'not used yet'}
                </span>
              </span>
              <button type="button" className={styles.textButton} disabled={busy} aria-label={`Remove passkey ${p.name}`} onClick={() => setRemoving(p)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form className={styles.form} noValidate onSubmit={add} aria-busy={busy}>
          <TextField label="Passkey name" hint="For example: Work laptop" value={name} onChange={setName} error={nameError} autoComplete="off" />
          <button type="submit" className={styles.save} disabled={busy}>
            Add a passkey
          </button>
        </form>
      ) : (
        <p className={styles.muted}>This browser cannot use passkeys.</p>
      )}
      <StatusMessage message={status?.text ?? null} tone={status?.tone} />
      {removing ? (
        <ConfirmDialog
          message={SECURITY_CONFIRMATIONS.removePasskey(removing.name)}
          confirmLabel="Remove passkey"
          onConfirm={() => {
            const passkey = removing;
            // Closed first: the step-up dialog that may follow is the only one open.
            setRemoving(null);
            void act(
              async () => (await securityApi.removePasskey(passkey.id)).message,
              // Its Remove button goes with it: the section's heading keeps the reader's place (issue 48).
              () => heading.current?.focus(),
            );
          }}
          onCancel={() => setRemoving(null)}
          onFocusLost={() => heading.current?.focus()}
          classNames={dangerConfirmClassNames}
        />
      ) : null}
    </section>
  );
}

function ActivitySection({ overview }: { overview: SecurityOverview }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Recent activity
      </h2>
      {overview.recentActivity.length === 0 ? (
        <p className={styles.muted}>Nothing yet.</p>
      ) : (
        <ul className={styles.sessions} aria-label="Recent sign-ins and security changes">
          {overview.recentActivity.map((e, i) => (
            <li key={`${e.at}-${i}`} className={styles.session}>
              <span>
                <span className={styles.device}>{e.label}</span>
                <br />
                {/* Line breaks fall only between the parts, so a narrow screen never starts a line with "· 127.0.0.1". */}
                <span className={styles.muted}>
                  <span className={styles.part}>{when.format(new Date(e.at))} ·</span> <span className={styles.part}>{e.device} ·</span>{' '}
                  <span className={styles.part}>{e.address}</span>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
