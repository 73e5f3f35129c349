import { DirectMessage } from '../conversation/DirectMessage';

export function StandaloneApp() {
  return (
    <main>
      <DirectMessage />
    </main>
  );
}
