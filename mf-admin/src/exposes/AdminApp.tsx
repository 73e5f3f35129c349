// The operators' console, mounted by the shell at /admin/* (it routes below that itself). Operators sign in here
// with their own accounts (never a member's session); the server decides what each role may see and do.
import type { ComponentType } from 'react';
import type { ExposedProps } from '@sciexperts/shared';
import { Navigate, NavLink, Route, Routes } from '@sciexperts/shared/router';
import { mayDo } from '@sciexperts/shared/member';
import { AuditLog } from '../console/AuditLog';
import { ChangePassword } from '../console/ChangePassword';
import { DisputePage } from '../console/DisputePage';
import { DisputeQueue } from '../console/DisputeQueue';
import { Members } from '../console/Members';
import { Money } from '../console/Money';
import { Reports } from '../console/Reports';
import { Concierge } from '../console/Concierge';
import { Partners } from '../console/Partners';
import { Releases } from '../console/Releases';
import { SignIn } from '../console/SignIn';
import { VettingPage } from '../console/VettingPage';
import { VettingQueue } from '../console/VettingQueue';
import { adminApi } from '../console/api';
import { setSession, useSession } from '../console/session';
import css from '../console/console.module.css';

function AdminApp() {
  const session = useSession();
  if (!session) {
    return (
      <main className={css.frame} id="main">
        <SignIn />
      </main>
    );
  }
  const signOut = () => {
    void adminApi.signOut().catch(() => undefined);
    setSession(null);
  };
  // Signed in with the one-time password: the server refuses everything else until it is replaced, so nothing else
  // is offered (no page would load).
  if (session.passwordChangeRequired) {
    return (
      <div className={css.frame}>
        <header className={css.header}>
          <p className={css.identity}>
            <strong>SciExperts operators</strong> — {session.operator.email} ({session.operator.role})
          </p>
          <div className={css.account}>
            <button type="button" className={css.secondary} onClick={signOut}>
              Sign out
            </button>
          </div>
        </header>
        <main id="main">
          <ChangePassword forced />
        </main>
      </div>
    );
  }
  const home = mayDo(session.operator.role, 'disputes.read') ? '/admin/disputes' : '/admin/releases';
  return (
    <div className={css.frame}>
      <header className={css.header}>
        <p className={css.identity}>
          <strong>SciExperts operators</strong> — {session.operator.email} ({session.operator.role})
        </p>
        <nav aria-label="Console">
          <ul className={css.nav}>
            {/* The release role sees releases only: the other pages' links follow each page's permission. */}
            {mayDo(session.operator.role, 'disputes.read') && (
              <>
                <li>
                  <NavLink to="/admin/disputes">Disputes</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/members">Members</NavLink>
                </li>
              </>
            )}
            {mayDo(session.operator.role, 'reports.read') && (
              <>
                <li>
                  <NavLink to="/admin/reports">Reports</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/concierge">Concierge</NavLink>
                </li>
              </>
            )}
            {session.operator.role === 'operator' && (
              <li>
                <NavLink to="/admin/vetting">Vetting</NavLink>
              </li>
            )}
            {mayDo(session.operator.role, 'partners.read') && (
              <li>
                <NavLink to="/admin/partners">Partners</NavLink>
              </li>
            )}
            {mayDo(session.operator.role, 'releases.read') && (
              <li>
                <NavLink to="/admin/releases">Releases</NavLink>
              </li>
            )}
            {mayDo(session.operator.role, 'money.read') && (
              <>
                <li>
                  <NavLink to="/admin/money">Money</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/audit">Audit log</NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
        {/* The operator's own two controls stay together: on one line with who is signed in, the pages below. */}
        <div className={css.account}>
          <NavLink to="/admin/password">Change password</NavLink>
          <button type="button" className={css.secondary} onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main">
        <Routes>
          <Route index element={<Navigate to={home} replace />} />
          <Route path="disputes" element={<DisputeQueue />} />
          <Route path="disputes/:milestoneId" element={<DisputePage />} />
          <Route path="members" element={<Members />} />
          <Route path="reports" element={<Reports />} />
          <Route path="concierge" element={<Concierge />} />
          <Route path="vetting" element={<VettingQueue />} />
          <Route path="vetting/:requestId" element={<VettingPage />} />
          <Route path="money" element={<Money />} />
          <Route path="audit" element={<AuditLog />} />
          <Route path="partners" element={<Partners />} />
          <Route path="releases" element={<Releases />} />
          <Route path="password" element={<ChangePassword forced={false} />} />
          <Route path="*" element={<Navigate to={home} replace />} />
        </Routes>
      </main>
    </div>
  );
}

// Typed against the shared expose map, so this remote cannot drift from what the shell renders.
const exposed: ComponentType<ExposedProps<'mf_admin/AdminApp'>> = AdminApp;
export default exposed;
