// `npm run admin -- create-operator <email> <role>`: the only way an operator account is made (no route, no sign-up
// path leads there). Prints the operator's one-time password once; only its hash is stored.
import { OPERATOR_ROLES, isEmail } from '@sciexperts/shared/contracts';
import type { Db } from '../../db/connect';
import type { PasswordHasher } from '../../auth/passwords';
import { createOperator, isOperatorRole } from './operators';

export const OPERATOR_USAGE = `Usage: npm run admin -- create-operator <email> <role>   (role: ${OPERATOR_ROLES.join(', ')})`;

/** Returns the process exit code (0 made, 1 refused, 2 wrong usage). */
export async function runOperatorCommand(args: string[], deps: { db: Db; hasher: PasswordHasher; now?: Date; out?: (line: string) => void }): Promise<number> {
  const out = deps.out ?? ((line: string) => console.log(line));
  const [command, email, role, extra] = args;
  if (command !== 'create-operator' || !email || !isEmail(email.trim()) || !role || !isOperatorRole(role) || extra !== undefined) {
    out(OPERATOR_USAGE);
    return 2;
  }
  const made = await createOperator(deps.db, deps.hasher, email, role, deps.now ?? new Date());
  if (made === 'exists') {
    out(`An operator with the e-mail ${email.trim().toLowerCase()} exists already; nothing changed.`);
    return 1;
  }
  out(`Operator ${made.operator.email} (${made.operator.role}) created.`);
  out(`One-time password (shown only now; hand it over privately): ${made.password}`);
  out('At the first sign-in at /admin the operator sets up the second factor, then replaces this password.');
  return 0;
}
