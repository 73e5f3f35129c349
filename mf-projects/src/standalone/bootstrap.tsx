import '@sciexperts/ui/tokens.css';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@sciexperts/shared/router';
import { startAuthSync } from '@sciexperts/shared';
import { StandaloneApp } from './StandaloneApp';

// The team's own page: this remote alone, without the shell (no login modal here: sign-in asks the shell's).
startAuthSync();
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <BrowserRouter>
      <StandaloneApp />
    </BrowserRouter>,
  );
}
