/** Hands a downloaded Blob to the browser as a file named `filename` (the same as a link with `download`). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the file after the click's task (FileSaver.js waits 40 s).
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}
