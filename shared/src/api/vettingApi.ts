import { pathTo } from '../contracts/paths';
import { VETTING_PATHS, type MyVettingView, type VettingFileView, type VettingRequestInput, type VettingRequestView } from '../contracts/vetting';
import { request, requestBlob } from './http';

/** What the client says when the server gave no message of its own; the server's sentences win. */
const FAILED = {
  load: 'Failed to load your verification. Please try again.',
  upload: 'Failed to upload the document. Please try again.',
  send: 'Failed to send your request. Please try again.',
} as const;

/** Expert vetting (server/src/modules/vetting): the expert's own request and documents. */
export const vettingApi = {
  mine: () => request<MyVettingView>('get', VETTING_PATHS.mine, { fallbackError: FAILED.load }),
  upload: (file: Blob, name?: string) => {
    const form = new FormData();
    if (name === undefined) form.append('file', file);
    else form.append('file', file, name);
    return request<VettingFileView>('post', VETTING_PATHS.files, { body: form, fallbackError: FAILED.upload });
  },
  /** One of my documents (it needs the token, so it comes as bytes). */
  download: (fileId: number) => requestBlob(pathTo(VETTING_PATHS.file, { fileId }), FAILED.load),
  ask: (input: VettingRequestInput) => request<VettingRequestView>('post', VETTING_PATHS.mine, { json: input, fallbackError: FAILED.send }),
};
