// Framework-free, like mf_chat/mount: the shell calls these from its chat guard and from every Logout.
export { endIdentitySession, resumeIdentitySession } from '../identity/identitySession';
