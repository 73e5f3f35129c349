import styles from './StatusPage.module.css';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** An unexpected error in a page shows a page titled 'Unexpected Application Error!' (RouteErrorBoundary). */
export function RouteErrorPage({ error }: { error: unknown }) {
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
