import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SubjectSearchForm } from './SubjectSearchForm';

function ShowLocation() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderForm() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<SubjectSearchForm />} />
        <Route path="*" element={<ShowLocation />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SubjectSearchForm', () => {
  it('is a labelled search form', () => {
    renderForm();
    expect(screen.getByRole('search', { name: 'Find an expert by subject' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'What subject do you need help with?' })).toBeInTheDocument();
  });

  it('goes to the expert search with the subject as q', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('searchbox'), '  food science & safety {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/find-an-expert?q=food%20science%20%26%20safety');
  });

  it('goes to the plain expert search when the box is empty', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/find-an-expert$/);
  });
});
