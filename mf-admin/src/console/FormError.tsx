import css from './console.module.css';

/** A console form's error, announced when it appears; renders nothing without a message. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className={css.error}>
      {message}
    </p>
  ) : null;
}
