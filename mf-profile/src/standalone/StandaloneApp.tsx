import { Route, Routes } from 'react-router-dom';
import { ProfileApp } from '../layout/ProfileApp';

export function StandaloneApp() {
  return (
    <Routes>
      <Route path="profile/*" element={<ProfileApp />} />
      <Route path="*" element={<ProfileApp />} />
    </Routes>
  );
}
