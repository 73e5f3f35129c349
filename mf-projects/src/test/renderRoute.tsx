import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { StandaloneApp } from '../standalone/StandaloneApp';

function Location() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

/** Renders the page the route table puts at `path`, with the current location in data-testid="location". */
export function renderRoute(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <StandaloneApp />
      <Location />
    </MemoryRouter>,
  );
}
