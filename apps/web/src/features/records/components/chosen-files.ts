import { limits, messages } from '@consultorio/shared';

/** What tells two chosen files apart: picking the same file twice keeps it once. */
function fileIdentity(file: File): string {
  return `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
}

/** The files already chosen plus the newly picked ones, without repeating any. */
export function addChosenFiles(chosen: readonly File[], picked: readonly File[]): File[] {
  const seen = new Set(chosen.map(fileIdentity));
  const next = [...chosen];
  for (const file of picked) {
    const identity = fileIdentity(file);
    if (seen.has(identity)) continue;
    seen.add(identity);
    next.push(file);
  }
  return next;
}

export function removeChosenFile(chosen: readonly File[], index: number): File[] {
  return chosen.filter((_file, position) => position !== index);
}

/** Why the chosen files cannot be sent in one upload, or null when they can (the server checks again). */
export function chosenFilesProblem(chosen: readonly File[]): string | null {
  if (chosen.length > limits.attachmentsPerRequest) return messages.errors.tooManyAttachments;
  if (chosen.some((file) => file.size > limits.attachmentMaxBytes)) return messages.errors.attachmentTooLarge;
  return null;
}

/** 1536 -> '1,5 KB': the size shown beside a chosen file. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit: (typeof units)[number] = 'KB';
  for (const next of units.slice(1)) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${unit}`;
}
