/** A save removing more than this many characters of text keeps the text before it as a version. */
export const largeRemovalChars = 200;

/**
 * A record's text as it is read, its tags left out; an image keeps its markup, so removing one
 * counts by its size.
 */
function readableText(html: string): string {
  return html.replace(/<(?!img\b)[^>]*>/gi, '');
}

/**
 * How many characters of `before`'s text are gone from `after`, at most: those between what the
 * two have in common at their start and at their end. Linear, and never less than the real count,
 * so a removal is never missed (two edits far apart count what lies between them too).
 */
export function removedTextChars(before: string, after: string): number {
  const old = readableText(before);
  const next = readableText(after);
  const shorter = Math.min(old.length, next.length);
  let start = 0;
  while (start < shorter && old.charCodeAt(start) === next.charCodeAt(start)) start += 1;
  let end = 0;
  while (end < shorter - start && old.charCodeAt(old.length - 1 - end) === next.charCodeAt(next.length - 1 - end)) end += 1;
  return old.length - start - end;
}

/** Whether the text before this save is kept as a version of its own (text deleted by mistake can be restored). */
export function removesMuchText(before: string, after: string): boolean {
  return removedTextChars(before, after) > largeRemovalChars;
}
