import { saveBlob } from '@sciexperts/ui';

/** Hands text made in the browser to it as a file download. */
export function downloadFile(filename: string, text: string, type: string): void {
  // The byte order mark lets spreadsheet programs read the file as UTF-8 (titles, curly quotes).
  saveBlob(new Blob(['\uFEFF', text], { type }), filename);
}
