export { AuthModal as default } from '../modal/AuthModal';
