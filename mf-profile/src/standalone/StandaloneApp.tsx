import { ProfileEditor } from '../editor/ProfileEditor';

/** The team's own page: the editor alone. The member area's frame (header, sidebar) is the shell's. */
export function StandaloneApp() {
  return (
    <main>
      <ProfileEditor />
    </main>
  );
}
