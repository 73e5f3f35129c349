// Shared by the console's server suites: an operator made with `create-operator` (the only way one is made) and signed
// in with the second factor, set up at the first sign-in, and with the one-time password replaced. admin.test.ts walks
// these steps itself, asserting each one.
import { randomBytes } from 'node:crypto';
import { ADMIN_PATHS, type AdminSessionView, type OperatorRole } from '@sciexperts/shared/contracts';
import { totpCode } from '../src/auth/secondFactor';
import { runOperatorCommand } from '../src/modules/admin/command';
import type { Harness } from './helpers';

export type Operator = { id: number; email: string; token: string };

/**
 * A new operator of `role`, signed in. `nextStep` moves the suite's clock on by a TOTP step (30 s, so the code is not
 * one already used) and answers the new time in milliseconds.
 */
export async function signedInOperator(h: Harness, role: OperatorRole, nextStep: () => number): Promise<Operator> {
  const lines: string[] = [];
  const email = `${role}.${Math.random().toString(36).slice(2)}@sciexperts.test`;
  expect(await runOperatorCommand(['create-operator', email, role], { db: h.db, hasher: h.app.ctx.hasher, out: (l) => lines.push(l) })).toBe(0);
  const password = /One-time password.*: (\S+)$/m.exec(lines.join('\n'))![1]!;
  const setup = await h.api<AdminSessionView>('POST', ADMIN_PATHS.session, { body: { email, password } });
  const signedIn = await h.api<AdminSessionView>('POST', ADMIN_PATHS.session, { body: { email, password, code: totpCode(setup.body.enrolment!.secret, nextStep()) } });
  expect(signedIn.body.status).toBe('signed-in');
  const token = signedIn.body.token!;
  // The one-time password opens nothing else: chosen anew right away (within the sign-in's step-up, so no code).
  const changed = await h.api('POST', ADMIN_PATHS.password, { token, body: { currentPassword: password, newPassword: `chosen-${randomBytes(12).toString('hex')}` } });
  expect(changed.status).toBe(204);
  return { id: signedIn.body.operator!.id, email, token };
}
