export { ProfileApp as default } from '../layout/ProfileApp';
