import { dialogLook, type ConfirmDialogClassNames } from '@sciexperts/ui';
import styles from './Records.module.css';

/** ConfirmDialog for this remote's irreversible deletions (a record, the account's data): the suite's look, narrower. */
export const dangerConfirmClassNames: ConfirmDialogClassNames = {
  layer: dialogLook.layer,
  box: `${dialogLook.box} ${styles.confirmBox}`,
  message: styles.dialogMessage,
  actions: styles.actions,
  confirm: styles.danger,
  cancel: styles.secondary,
};
