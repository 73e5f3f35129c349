import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { WorkspaceFileChoice } from './WorkspaceFileChoice';

const files = [
  { id: 1, name: 'data.csv' },
  { id: 2, name: 'models.R' },
  { id: 3, name: 'report.pdf' },
];

function Harness({ onChange }: { onChange: (ids: number[]) => void }) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  return (
    <WorkspaceFileChoice
      legend="Files to deliver (optional)"
      files={files}
      chosen={chosen}
      onChange={(next) => {
        setChosen(next);
        onChange([...next]);
      }}
      max={2}
      hint="Up to 2 of the files you shared."
    />
  );
}

it('checks shared files up to the limit, then holds the others until one is unchecked', async () => {
  const user = userEvent.setup();
  const changes: number[][] = [];
  render(<Harness onChange={(ids) => changes.push(ids)} />);
  const group = screen.getByRole('group', { name: 'Files to deliver (optional)' });
  expect(group).toHaveTextContent('Up to 2 of the files you shared.');
  await user.click(screen.getByRole('checkbox', { name: 'data.csv' }));
  await user.click(screen.getByRole('checkbox', { name: 'report.pdf' }));
  expect(screen.getByRole('checkbox', { name: 'models.R' })).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: 'data.csv' }));
  expect(screen.getByRole('checkbox', { name: 'models.R' })).toBeEnabled();
  expect(changes).toEqual([[1], [1, 3], [3]]);
});

it('has no axe violations', async () => {
  const { container } = render(<Harness onChange={() => undefined} />);
  const result = await axe.run(container, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations).toEqual([]);
});
