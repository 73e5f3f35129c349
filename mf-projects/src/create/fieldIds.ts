// Control ids inside one form (useId base + field): labels, error messages and the focus on the first problem use them.
import { errorIdOf } from '@sciexperts/ui';
import type { FieldKey } from './projectForm';

export function fieldId(idBase: string, field: FieldKey | 'attachments'): string {
  return `${idBase}-${field}`;
}

/** The control a person is sent to for a field's problem (the first box or button of a group). */
export function focusField(idBase: string, field: FieldKey): void {
  const element = document.getElementById(fieldId(idBase, field));
  const target = element instanceof HTMLFieldSetElement ? element.querySelector<HTMLElement>('input, select, textarea') : element;
  target?.focus();
}

/** A group's (fieldset's) error: it describes the group, so it is heard on entering it. */
export function groupErrorProps(id: string, error: string | null | undefined) {
  return { id, 'aria-describedby': error ? errorIdOf(id) : undefined } as const;
}

/** A control's classes, with the invalid look while it has an error (CSS Module names may be undefined in types). */
export function inputClass(base: string | undefined, invalidClass: string | undefined, error: string | null | undefined): string {
  return [base, error ? invalidClass : undefined].filter(Boolean).join(' ');
}
