// The release commands' server side (scripts/release.mjs runs it with the API's configuration, as `npm run admin`
// does): register an uploaded release, promote it (for everyone or a canary share), roll back. Each runs as a named
// operator who may change releases (`--as <email>` or RELEASE_OPERATOR), through the same rules, gate and audit as the
// console's routes: the command line is one more way to press the same buttons, never a way around them.
import { hostname } from 'node:os';
import { mayDo, RELEASE_VERSION_PATTERN, REMOTE_NAME_PATTERN, type ReleaseRegistration } from '@sciexperts/shared/contracts';
import { ReleaseRegistration as RegistrationSchema } from '@sciexperts/shared/contracts/schemas';
import { Value } from 'typebox/value';
import type { Db } from '../../db/connect';
import { HttpError } from '../../http/errors';
import { findOperatorByEmail, isOperatorRole } from '../admin/operators';
import * as repo from './repository';
import type { ShellProfile } from './rules';

export const RELEASE_USAGE = [
  'Usage:',
  '  npm run release -w <remote>                                  test, build, upload and register a release',
  '  npm run promote -- <remote>@<version> [--canary <percent>] [--force] [--reason <text>]',
  '  npm run rollback -- <remote> [--reason <text>]',
  'Run as an operator with the release role: --as <email> or RELEASE_OPERATOR=<email>.',
].join('\n');

interface Deps {
  db: Db;
  now?: () => Date;
  out?: (line: string) => void;
  shell?: () => ShellProfile;
  env?: Record<string, string | undefined>;
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
}

function flag(args: string[], name: string): boolean {
  const at = args.indexOf(name);
  if (at < 0) return false;
  args.splice(at, 1);
  return true;
}

/** Returns the exit code: 0 done, 1 refused (the registry said no, with why), 2 wrong usage. */
export async function runReleaseCommand(argv: string[], deps: Deps): Promise<number> {
  const out = deps.out ?? ((line: string) => console.log(line));
  const now = deps.now ?? (() => new Date());
  const env = deps.env ?? process.env;
  const args = [...argv];
  const command = args.shift();
  const as = option(args, '--as') ?? env.RELEASE_OPERATOR;
  const reason = option(args, '--reason') ?? null;
  const canaryText = option(args, '--canary');
  const force = flag(args, '--force');
  if (!command || !['register', 'promote', 'rollback'].includes(command)) {
    out(RELEASE_USAGE);
    return 2;
  }
  if (!as) {
    out('Name the operator who releases: --as <email> or RELEASE_OPERATOR=<email> (an operator with the release role).');
    return 2;
  }
  const row = await findOperatorByEmail(deps.db, as);
  if (!row || !isOperatorRole(row.role) || !mayDo(row.role, 'releases.change')) {
    out(`${as} is not an operator who may change releases (the release role, or trust and safety).`);
    return 1;
  }
  const actor: repo.Actor = { operator: { id: row.id, email: row.email, role: row.role }, address: `command line on ${hostname()}` };
  try {
    if (command === 'register') {
      const [json, extra] = args;
      let input: unknown;
      try {
        input = JSON.parse(json ?? '');
      } catch {
        input = undefined;
      }
      if (extra !== undefined || !Value.Check(RegistrationSchema, input)) {
        out('register needs one argument: the release as JSON (remote, version, filesHash, commit, shared, runtimeVersion, exposesHash).');
        return 2;
      }
      const outcome = await repo.registerRelease(deps.db, input as ReleaseRegistration, actor, now());
      out(outcome.created ? `Registered ${outcome.release.remote}@${outcome.release.version} (not live yet).` : `${outcome.release.remote}@${outcome.release.version} is registered already with these files.`);
      return 0;
    }
    if (command === 'promote') {
      const [target, extra] = args;
      const m = new RegExp(`^(${REMOTE_NAME_PATTERN.slice(1, -1)})@(${RELEASE_VERSION_PATTERN.slice(1, -1)})$`).exec(target ?? '');
      const percent = canaryText === undefined ? null : Number(canaryText);
      if (!m || extra !== undefined || (percent !== null && (!Number.isInteger(percent) || percent < 1 || percent > 99))) {
        out(RELEASE_USAGE);
        return 2;
      }
      const [, remote, version] = m as unknown as [string, string, string];
      const result = await repo.changeLive(deps.db, { remote, version, percent, force, reason }, (deps.shell ?? repo.currentShellProfile)(), actor, now());
      out(percent === null ? `${remote}@${version} is live for everyone.` : `${remote}@${version} is live for ${percent} % of visitors (live for the others: ${result.state.live ?? 'the built remote'}).`);
      if (result.event.details) out(`Recorded: ${result.event.details}`);
      return 0;
    }
    const [remote, extra] = args;
    if (!remote || !new RegExp(REMOTE_NAME_PATTERN).test(remote) || extra !== undefined) {
      out(RELEASE_USAGE);
      return 2;
    }
    const result = await repo.rollback(deps.db, remote, actor, now(), { reason });
    out(`${remote}: live is ${result.state.live ?? 'the built remote'}${result.event.details ? ` (${result.event.details})` : ''}.`);
    return 0;
  } catch (err) {
    if (err instanceof HttpError) {
      out(err.message);
      for (const d of err.details ?? []) if (d.field === 'gate') out(`  - ${d.message}`);
      if (err.details?.some((d) => d.field === 'gate')) out('Pass --force to release it all the same (recorded with what it overrides).');
      return 1;
    }
    throw err;
  }
}
