import { openLoginModal } from '@sciexperts/shared';
import ui from '../ui/Ui.module.css';
import { ProjectMeta } from './ProjectMeta';
import styles from './Project.module.css';

/** A signed-out visitor on a project's page: details are for members, so sign in (the page loads once they do). */
export function SignInPrompt({ path }: { path: string }) {
  return (
    <div className={styles.page}>
      <ProjectMeta title="Sign in to see this project" path={path} />
      <h1 className={styles.title}>Sign in to see this project</h1>
      <p>Project details, attachments and proposals are for SciExperts members. Log in, or sign up for free, to read the brief and send a proposal.</p>
      <div className={styles.actions}>
        <button type="button" className={ui.primary} onClick={() => openLoginModal('login')}>
          Log in
        </button>
        <button type="button" className={ui.secondary} onClick={() => openLoginModal('signup')}>
          Sign up
        </button>
      </div>
    </div>
  );
}
