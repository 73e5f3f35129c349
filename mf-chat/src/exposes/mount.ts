export { mount as default, mount, defineChatElement, CHAT_ELEMENT_NAME, type MountOptions } from '../embed/mount';
