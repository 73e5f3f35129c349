import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type User } from '@sciexperts/shared';
import { userApi } from '@sciexperts/shared/member';
import { CLEARED_MESSAGE, NO_SELECTION_MESSAGE, SERVICES_SAVED_MESSAGE, ServicesSection } from './ServicesSection';
import { catalogue, makeUser, offeredDataScience } from '../../test/fixtures';

/** Renders like the editor does: the section re-renders with whatever onUserUpdated stored. */
function setup(initial: User) {
  let current = initial;
  const onUserUpdated = jest.fn((user: User) => {
    current = user;
    view.rerender(<ServicesSection user={current} onUserUpdated={onUserUpdated} />);
  });
  const view = render(<ServicesSection user={current} onUserUpdated={onUserUpdated} />);
  return { onUserUpdated };
}

afterEach(() => jest.restoreAllMocks());

describe('ServicesSection', () => {
  it('starts in edit mode without offered services: loading, tabs with the first selected, areas', async () => {
    jest.spyOn(userApi, 'getAllServices').mockResolvedValue(catalogue);
    setup(makeUser());
    expect(screen.getByText('Loading services...')).toBeInTheDocument();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Data Science', 'Medical Writing', 'Literature Search']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByRole('checkbox', { name: 'Machine Learning' })).not.toBeChecked();
    // Nothing selected yet: no Save or Cancel.
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('moves between tabs with the arrow keys and says when a service has no practice areas', async () => {
    jest.spyOn(userApi, 'getAllServices').mockResolvedValue(catalogue);
    setup(makeUser());
    const [first] = await screen.findAllByRole('tab');
    first!.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Literature Search' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Literature Search' })).toHaveFocus();
    expect(screen.getByText('No practice areas available for this service.')).toBeInTheDocument();
  });

  it('selecting areas shows Save; Save sends names and returns to the summary with the new state', async () => {
    jest.spyOn(userApi, 'getAllServices').mockResolvedValue(catalogue);
    const saved = makeUser({ offeredServices: [{ ...offeredDataScience, practiceAreas: [{ id: 11, name: 'Machine Learning' }] }] });
    const bulk = jest.spyOn(userApi, 'bulkAddServices').mockResolvedValue(saved);
    const { onUserUpdated } = setup(makeUser());
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Machine Learning' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Medical Writing' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Clinical Reports' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Clinical Reports' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(bulk).toHaveBeenCalledWith(7, { services: [{ serviceName: 'Data Science', practiceAreaNames: ['Machine Learning'] }] });
    await waitFor(() => expect(onUserUpdated).toHaveBeenCalledWith(saved));
    expect(screen.getByText(SERVICES_SAVED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Data Science' })).toBeInTheDocument();
    expect(screen.getByText('Machine Learning')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Selections' })).toBeInTheDocument();
  });

  it('starts in summary mode with offered services; Edit Selections prefills them', async () => {
    jest.spyOn(userApi, 'getAllServices').mockResolvedValue(catalogue);
    setup(makeUser({ offeredServices: [offeredDataScience] }));
    expect(screen.getByRole('heading', { name: 'Data Science' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Selections' }));
    expect(await screen.findByRole('checkbox', { name: 'Statistics' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Machine Learning' })).not.toBeChecked();
    expect(screen.getByRole('tab', { name: /Data Science \(1 selected\)/ })).toBeInTheDocument();
  });

  it('Save with nothing selected says so and sends nothing', async () => {
    jest.spyOn(userApi, 'getAllServices').mockResolvedValue(catalogue);
    const bulk = jest.spyOn(userApi, 'bulkAddServices');
    setup(makeUser({ offeredServices: [offeredDataScience] }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Selections' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Statistics' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(NO_SELECTION_MESSAGE)).toHaveAttribute('role', 'status');
    expect(bulk).not.toHaveBeenCalled();
  });

  it('Cancel clears the selections, says so and goes to the summary', async () => {
    jest.spyOn(userApi, 'getAllServices').mockResolvedValue(catalogue);
    setup(makeUser());
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Statistics' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(CLEARED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('You have not chosen any services yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Selections' }));
    expect(await screen.findByRole('checkbox', { name: 'Statistics' })).not.toBeChecked();
  });

  it('reports a failed save with the server message', async () => {
    jest.spyOn(userApi, 'getAllServices').mockResolvedValue(catalogue);
    jest.spyOn(userApi, 'bulkAddServices').mockRejectedValue(new ApiError('Unknown service "X".', 400, { message: 'Unknown service "X".' }));
    setup(makeUser());
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Statistics' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save: Unknown service "X".')).toBeInTheDocument();
    expect(screen.getByRole('tablist')).toBeInTheDocument();
  });

  it('reports a failed catalogue load with status and body, and retries', async () => {
    const getAll = jest
      .spyOn(userApi, 'getAllServices')
      .mockRejectedValueOnce(new ApiError('Authentication is required.', 401, { message: 'Authentication is required.' }))
      .mockResolvedValueOnce(catalogue);
    setup(makeUser());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch services: 401 Authentication is required.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('tab')).toHaveLength(3);
    expect(getAll).toHaveBeenCalledTimes(2);
  });
});
