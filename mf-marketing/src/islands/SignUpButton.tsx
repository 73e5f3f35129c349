import { openLoginModal } from '@sciexperts/shared';

/** A call to action that opens the sign-up window: the only script a read-only page's section needs. */
export function SignUpButton({ className, label }: { className?: string; label: string }) {
  return (
    <button type="button" className={className} onClick={() => openLoginModal('signup')}>
      {label}
    </button>
  );
}
