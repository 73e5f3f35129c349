// Framework-free, for integrators' pages: mount(element, options) => unmount; loading it defines <sciexperts-chat>.
import type { ExposedModuleExports } from '@sciexperts/shared';
import * as chatMount from '../embed/mount';

export type { MountOptions } from '../embed/mount';

// Typed against the shared expose map (every export it lists, nothing else), so this remote cannot drift from
// what integrators call.
const exposed: ExposedModuleExports['mf_chat/mount'] = {
  default: chatMount.mount,
  mount: chatMount.mount,
  defineChatElement: chatMount.defineChatElement,
  CHAT_ELEMENT_NAME: chatMount.CHAT_ELEMENT_NAME,
};
export const { mount, defineChatElement, CHAT_ELEMENT_NAME } = exposed;
export default exposed.default;
