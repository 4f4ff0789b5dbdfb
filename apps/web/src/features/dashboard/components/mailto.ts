/** A mailto: link to `address` whose subject line is already filled in. */
export function mailtoLink(address: string, subject: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}
