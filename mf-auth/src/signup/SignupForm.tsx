import { useEffect, useId, useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, COUNTRY_CODES, HEARD_ABOUT_OPTIONS, PASSWORD_RULES_TEXT, accountApi, loadCommonPasswords, passwordProblem, showStatusNotice } from '@sciexperts/shared';
import { FormMessages } from '../forms/FormMessages';
import { useSubmitGuard } from '../forms/useSubmitGuard';
import { describeLoginFailure, signInWithPassword } from '../login/signInWithPassword';
import { describeSignupFailure } from './describeSignupFailure';
import styles from '../forms/Form.module.css';

export const SIGNUP_SUCCESS_MESSAGE = ACCOUNT_MESSAGES.signedUp;

interface Props {
  /** Called once the new member is signed in with the credentials just chosen. */
  onSignedIn: () => void;
}

const HEARD_ABOUT_LABELS: Record<(typeof HEARD_ABOUT_OPTIONS)[number], string> = {
  google: 'Google',
  linkedin: 'LinkedIn',
  friend: 'A friend or colleague',
  conference: 'A conference',
  article: 'An article',
  other: 'Other',
};

const isFilled = (value: string) => value.trim() !== '';

export function SignupForm({ onSignedIn }: Props) {
  const passwordId = useId();
  // The common-password list is fetched when the form opens, not with every page (the server checks it too).
  useEffect(() => {
    void loadCommonPasswords();
  }, []);
  const passwordHintId = useId();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [countryCode, setCountryCode] = useState<string>(COUNTRY_CODES[0].code);
  const [contactNumber, setContactNumber] = useState('');
  const [password, setPassword] = useState('');
  const [heardAbout, setHeardAbout] = useState('');
  const [acceptedPrivacy, setAcceptedPrivacy] = useState(false);
  // Kept for the member's choice only: the signup call has no newsletter field.
  const [newsletter, setNewsletter] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmitGuard();

  // The button stays disabled until every required field is filled, a source is chosen and the privacy policy accepted.
  const complete =
    [firstName, lastName, email, password, contactNumber].every(isFilled) && heardAbout !== '' && acceptedPrivacy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    void run(async () => {
      setStatus(null);
      setError(null);
      const trimmedEmail = email.trim();
      // The server's own rule (a common password, or one containing the e-mail or name), said before the round trip.
      const problem = passwordProblem(password, { email: trimmedEmail, firstName, lastName });
      if (problem) {
        setError(problem);
        return;
      }
      try {
        await accountApi.signup({
          email: trimmedEmail,
          firstName: firstName.trim(),
          lastName: lastName.trim(),
          phoneNumber: `${countryCode} ${contactNumber.trim()}`,
          password,
        });
      } catch (caught) {
        setError(describeSignupFailure(caught));
        return;
      }
      setStatus(SIGNUP_SUCCESS_MESSAGE);
      try {
        await signInWithPassword(trimmedEmail, password);
      } catch (caught) {
        setError(describeLoginFailure(caught));
        return;
      }
      // The modal closes once the new member is signed in, and this form's message with it (the sign-in takes a few
      // tens of milliseconds): the shell's status region keeps the confirmation on screen after it.
      showStatusNotice(SIGNUP_SUCCESS_MESSAGE);
      onSignedIn();
    });
  };

  return (
    <form onSubmit={submit} className={styles.form} aria-busy={busy}>
      <div className={styles.row}>
        <label className={styles.field}>
          First name
          <input name="firstName" required autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
        </label>
        <label className={styles.field}>
          Last name
          <input name="lastName" required autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </label>
      </div>
      <label className={styles.field}>
        Email
        <input type="email" name="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <div className={styles.phone}>
        <label className={styles.field}>
          Country code
          <select name="countryCode" value={countryCode} onChange={(e) => setCountryCode(e.target.value)}>
            {COUNTRY_CODES.map(({ code, label }) => (
              <option key={code} value={code}>
                {code} ({label})
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Contact number
          <input
            type="tel"
            name="contactNumber"
            required
            autoComplete="tel-national"
            value={contactNumber}
            onChange={(e) => setContactNumber(e.target.value)}
          />
        </label>
      </div>
      <div className={styles.field}>
        <label htmlFor={passwordId}>Password</label>
        <input
          id={passwordId}
          type="password"
          name="newPassword"
          required
          autoComplete="new-password"
          aria-describedby={passwordHintId}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p id={passwordHintId} className={styles.hint}>
          {PASSWORD_RULES_TEXT}
        </p>
      </div>
      <label className={styles.field}>
        How did you hear about us?
        <select name="heardAbout" required value={heardAbout} onChange={(e) => setHeardAbout(e.target.value)}>
          <option value="">Please choose…</option>
          {HEARD_ABOUT_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {HEARD_ABOUT_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.check}>
        <input type="checkbox" name="privacy" required checked={acceptedPrivacy} onChange={(e) => setAcceptedPrivacy(e.target.checked)} />
        <span>
          I agree to the{' '}
          <a href="/privacy-policy" target="_blank" rel="noreferrer">
            privacy policy
          </a>
        </span>
      </label>
      <label className={styles.check}>
        <input type="checkbox" name="newsletter" checked={newsletter} onChange={(e) => setNewsletter(e.target.checked)} />
        <span>Send me the newsletter (optional)</span>
      </label>
      <FormMessages status={status} error={error} />
      <button type="submit" className={styles.submit} disabled={!complete || busy}>
        {busy ? 'Creating...' : 'Create Account'}
      </button>
    </form>
  );
}
