/** Hands bytes to the browser as a download under `name` (a temporary object URL and link), then lets the memory go. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: some browsers read the URL only once the event is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
