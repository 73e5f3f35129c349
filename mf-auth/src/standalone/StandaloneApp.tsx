import { useState } from 'react';
import { AuthModal } from '../modal/AuthModal';

export function StandaloneApp() {
  const [open, setOpen] = useState(true);
  return (
    <main>
      <h1>Sign-in remote</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Open the sign-in window
      </button>
      {open && <AuthModal initialTab="login" onClose={() => setOpen(false)} />}
    </main>
  );
}
