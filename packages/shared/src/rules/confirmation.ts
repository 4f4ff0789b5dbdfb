/** Text as a typed confirmation compares it: case, surrounding and repeated spaces ignored (accents count). */
function confirmationForm(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');
}

/**
 * Whether what was typed to confirm an action is the expected text (the patient's name before
 * a deletion): the same rule in the dialog and on the server.
 */
export function confirmsTyped(typed: string, expected: string): boolean {
  return confirmationForm(typed) === confirmationForm(expected);
}
