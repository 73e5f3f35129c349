export { DirectMessage as default } from '../conversation/DirectMessage';
