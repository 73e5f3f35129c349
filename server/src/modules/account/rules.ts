import { passwordProblem, type PasswordOwner } from '@sciexperts/shared/contracts';
import type { Detail } from '../../http/errors';

/** The password rule of sign-up, reset and change (`passwordProblem` in contracts, which the forms call too). */
export function checkPassword(password: string, field = 'password', owner: PasswordOwner = {}): Detail[] {
  const problem = passwordProblem(password, owner);
  return problem ? [{ field, message: problem }] : [];
}
