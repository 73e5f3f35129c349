import { Component, type ReactNode } from 'react';
import styles from './RemoteErrorBoundary.module.css';
import { reportRemoteFailure } from './releaseReports';

interface Props {
  /** What failed, in words a visitor understands ("this page", "the sign-in window"). */
  what: string;
  onRetry: () => void;
  /** `remote/Module`: a failure is reported with the remote's name and version (releaseReports.ts). */
  remoteId?: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps a failing remote inside its own region: the header, navigation and other remotes keep working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error(`[shell] ${this.props.what} failed to load`, error);
    if (this.props.remoteId) reportRemoteFailure(this.props.remoteId, error);
  }

  // The parent remounts this boundary (new key) once the remote has been reset.
  private retry = () => this.props.onRetry();

  override render() {
    if (this.state.error) {
      return (
        <div role="alert" className={styles.box}>
          <p className={styles.message}>Sorry, {this.props.what} could not be loaded. Check your connection and try again.</p>
          <button type="button" className={styles.retry} onClick={this.retry}>
            Retry
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}
