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
  // Revoked after the click's task: the browser has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
