/** Hands text to the browser as a file download (a temporary object URL and link, both gone right after). */
export function downloadFile(filename: string, text: string, type: string): void {
  // The byte order mark lets spreadsheet programs read the file as UTF-8 (titles, curly quotes).
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
