import { Link } from '@sciexperts/shared/router';
import { PAYMENT_MESSAGES } from '@sciexperts/shared/member';
import { MemberPageTitle } from '../member/MemberPageTitle';
import { WORKSPACE_PATH } from '../routing';
import styles from './Workspace.module.css';

/** No such contract, or one this member is not a party to (the API answers 404 to anyone else). */
export function ContractNotFound() {
  return (
    <div className={styles.page}>
      <MemberPageTitle title="Contract not available" />
      <h1 className={styles.title}>{PAYMENT_MESSAGES.contractNotFound}</h1>
      <p>Only the client and the expert of a contract can open its workspace.</p>
      <p>
        <Link className={styles.textLink} to={WORKSPACE_PATH}>
          Back to your contracts
        </Link>
      </p>
    </div>
  );
}
