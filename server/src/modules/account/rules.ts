import { passwordProblem } from '@sciexperts/shared/contracts';
import type { Detail } from '../../http/errors';

/** The password rule of sign-up and reset (`passwordProblem` in contracts, which the forms call too). */
export function checkPassword(password: string, field = 'password'): Detail[] {
  const problem = passwordProblem(password);
  return problem ? [{ field, message: problem }] : [];
}
