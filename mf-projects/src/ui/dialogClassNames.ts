import dialog from './Dialog.module.css';
import { dialogLook, type ConfirmDialogClassNames } from '@sciexperts/ui';

/** ConfirmDialog in this remote's look, for an action that moves things forward (publish, hire). */
export const confirmClassNames: ConfirmDialogClassNames = {
  layer: dialogLook.layer,
  box: dialogLook.box,
  message: dialog.message,
  actions: dialog.actions,
  confirm: dialog.confirm,
  cancel: dialog.cancel,
};

/** The same for an action that ends or takes something back (cancel a project, withdraw a proposal). */
export const dangerConfirmClassNames: ConfirmDialogClassNames = { ...confirmClassNames, confirm: dialog.confirmDanger };
