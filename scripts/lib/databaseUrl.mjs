// The PostgreSQL database the operator's commands (backup, restore) work on: DATABASE_URL, or the database
// `npm run start:cluster` creates on this machine's PostgreSQL (CLUSTER_DATABASE, "sciexperts" by default).
export function databaseUrlFor(env = process.env) {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const name = env.CLUSTER_DATABASE || 'sciexperts';
  return `postgres://${env.PGUSER || 'postgres'}@127.0.0.1:5432/${name}`;
}
