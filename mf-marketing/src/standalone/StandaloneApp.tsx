import { Route, Routes } from 'react-router-dom';
import HomePage from '../exposes/HomePage';
import HowItWorksPage from '../exposes/HowItWorksPage';
import JoinExpertPage from '../exposes/JoinExpertPage';

export function StandaloneApp() {
  return (
    <main>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="how-it-works" element={<HowItWorksPage />} />
        <Route path="join-expert" element={<JoinExpertPage />} />
      </Routes>
    </main>
  );
}
