/** Hands a text made in the browser to the user as a file download (a CSV export, recovery codes). */
export function downloadText(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the file only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
