import '@sciexperts/ui/tokens.css';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from '@sciexperts/shared/router';
import AdminApp from '../exposes/AdminApp';

// The team's own page: the console alone, at /admin as in the shell. Its API calls go to the configured API
// origin, which answers no CORS for /api/admin: the console works on the site's origin (through the shell).
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </BrowserRouter>,
  );
}
