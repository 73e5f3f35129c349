export { IdentityCallback as default } from '../identity/IdentityCallback';
