/** 2_400 → '2 KB', 1_572_864 → '1.5 MB': a file's size as people read it (never '0 KB' for a non-empty file). */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const megabytes = bytes / (1024 * 1024);
  return `${megabytes < 10 ? megabytes.toFixed(1).replace(/\.0$/, '') : Math.round(megabytes)} MB`;
}
