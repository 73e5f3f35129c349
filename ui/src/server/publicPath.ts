// Imported first by a remote's server entry (src/server.tsx): the asset URLs its modules compute while they are
// evaluated (`import icon from './x.svg'`) must name the remote's own origin, which only the loader knows (the
// registry says where the remote lives). Webpack compiles this assignment into the bundle's public path.
import { SERVER_PUBLIC_PATH_GLOBAL } from '@sciexperts/shared';

declare let __webpack_public_path__: string;

const fromLoader = (globalThis as Record<string, unknown>)[SERVER_PUBLIC_PATH_GLOBAL];
// eslint-disable-next-line prefer-const -- webpack's free variable: the assignment is what sets the public path
__webpack_public_path__ = typeof fromLoader === 'string' ? fromLoader : '';
