export { HomePage as default } from '../pages/HomePage';
