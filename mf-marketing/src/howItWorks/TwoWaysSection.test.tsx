import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { closeLoginModal, loginModalStore } from '@sciexperts/shared';
import { TwoWaysSection } from './TwoWaysSection';

describe('TwoWaysSection', () => {
  afterEach(() => closeLoginModal());

  it('opens the create-account modal for experts and links clients to a new project', () => {
    render(
      <MemoryRouter>
        <TwoWaysSection />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Post a project' })).toHaveAttribute('href', '/create-project');
    expect(screen.getByRole('link', { name: 'More about joining' })).toHaveAttribute('href', '/join-expert');
    fireEvent.click(screen.getByRole('button', { name: 'Create an expert account' }));
    expect(loginModalStore.getState()).toMatchObject({ open: true, tab: 'signup' });
  });
});
