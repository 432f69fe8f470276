/** Offers a blob as a file download: a temporary link clicked once; its object URL freed a minute later. */
export function saveFile(name, blob) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60000);
}
