import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/connect';
import { buildApp, prepareDatabase } from './app';

async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const p of err.problems) console.error(`config: ${p}`);
      process.exit(1);
    }
    throw err;
  }
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'sciexperts.db') });
  await prepareDatabase(db, config);
  const app = await buildApp(config, { db });
  // Scheduled work (docs/decisions/0013-job-queue.md): the modules registered their handlers and sweeps on the
  // app's queue; every process runs it, and each job runs once across them.
  const { jobs } = app.ctx;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    // Running jobs finish first (a job cut off here would be run again once its lease lapses).
    jobs
      .stop()
      .then(() => app.close())
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  await jobs.start();
  const docs = config.apiDocs ? `; docs at ${config.publicUrl}/api/docs` : '';
  app.log.info(`SciExperts API on ${config.publicUrl} (database: ${db.dialect}${config.production ? ', production' : ''})${docs}`);
}

start().catch((err: unknown) => {
  console.error(err instanceof Error ? `Failed to start: ${err.message}` : err);
  process.exit(1);
});
