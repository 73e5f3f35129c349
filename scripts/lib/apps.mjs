// The suite's parts, their default ports and the environment variables that move them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const frontends = [
  { dir: 'shell', name: 'shell', portEnv: 'SHELL_PORT', defaultPort: 8080, isHost: true },
  { dir: 'mf-marketing', name: 'mf_marketing', portEnv: 'MF_MARKETING_PORT', defaultPort: 8081 },
  { dir: 'mf-auth', name: 'mf_auth', portEnv: 'MF_AUTH_PORT', defaultPort: 8082 },
  { dir: 'mf-chat', name: 'mf_chat', portEnv: 'MF_CHAT_PORT', defaultPort: 8083 },
  { dir: 'mf-profile', name: 'mf_profile', portEnv: 'MF_PROFILE_PORT', defaultPort: 8084 },
  { dir: 'mf-directory', name: 'mf_directory', portEnv: 'MF_DIRECTORY_PORT', defaultPort: 8085 },
  { dir: 'mf-projects', name: 'mf_projects', portEnv: 'MF_PROJECTS_PORT', defaultPort: 8086 },
  { dir: 'mf-admin', name: 'mf_admin', portEnv: 'MF_ADMIN_PORT', defaultPort: 8087 },
];

export const apiPort = { portEnv: 'API_PORT', defaultPort: 3000 };

export function portFrom(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number between 1 and 65535 (got "${raw}")`);
  }
  return port;
}
