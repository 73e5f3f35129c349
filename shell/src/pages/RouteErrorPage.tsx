import { isRouteErrorResponse, useRouteError } from '@sciexperts/shared/router';
import styles from './StatusPage.module.css';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** An unexpected routing error shows a page titled 'Unexpected Application Error!'. */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <main className={styles.page}>
      <h1>Unexpected Application Error!</h1>
      <p>{describe(error)}</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </main>
  );
}
