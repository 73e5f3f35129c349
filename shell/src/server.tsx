// The shell's server build (dist/server/render.js): the shell's server renders public pages to HTML with it
// and composes them into index.html (decision 0018). It brings the shared packages the remotes' server
// builds use, so the whole page renders on one React, as in the browser.
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as router from '@sciexperts/shared/router';
import * as zustand from 'zustand';
import * as zustandVanilla from 'zustand/vanilla';
import * as shared from '@sciexperts/shared';
import * as sharedMember from '@sciexperts/shared/member';
import { RemoteServerBuilds, type SharedModules } from './server/remoteServerBuilds';

export { createPageRenderer, type PageRendererOptions, type RenderedPage } from './server/renderPage';
export { composeDocument } from './server/composeDocument';

const sharedModules: SharedModules = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDom,
  '@sciexperts/shared/router': router,
  zustand,
  'zustand/vanilla': zustandVanilla,
  '@sciexperts/shared': shared,
  '@sciexperts/shared/member': sharedMember,
};

/** The remotes' server builds, kept for the life of the process and revalidated on each use. */
export function createRemoteServerBuilds(fetchImpl: typeof fetch = fetch): RemoteServerBuilds {
  return new RemoteServerBuilds(sharedModules, fetchImpl);
}
