import { limits, messages } from '@consultorio/shared';
import { describe, expect, it } from 'vitest';
import { toAttachmentsFormData } from '../api/upload-record-attachments';
import { addChosenFiles, chosenFilesProblem, formatFileSize, removeChosenFile } from './chosen-files';

function fileOf(name: string, text = 'x', lastModified = 1): File {
  return new File([text], name, { type: 'text/plain', lastModified });
}

describe('addChosenFiles', () => {
  it('adds the picked files after the chosen ones, once each', () => {
    const exam = fileOf('exame de sangue ção.txt');
    const report = fileOf('laudo.pdf');
    const sameExamAgain = fileOf('exame de sangue ção.txt');
    const chosen = addChosenFiles([exam], [report, sameExamAgain, report]);
    expect(chosen.map((file) => file.name)).toEqual(['exame de sangue ção.txt', 'laudo.pdf']);
  });

  it('keeps two files of the same name that are not the same file', () => {
    const chosen = addChosenFiles([fileOf('a.txt', 'x', 1)], [fileOf('a.txt', 'xy', 1)]);
    expect(chosen).toHaveLength(2);
  });
});

describe('removeChosenFile', () => {
  it('takes out the file at the position', () => {
    const chosen = [fileOf('a.txt'), fileOf('b.txt'), fileOf('c.txt')];
    expect(removeChosenFile(chosen, 1).map((file) => file.name)).toEqual(['a.txt', 'c.txt']);
  });
});

describe('chosenFilesProblem', () => {
  it('accepts up to the files of one upload', () => {
    const files = Array.from({ length: limits.attachmentsPerRequest }, (_v, index) => fileOf(`${index}.txt`));
    expect(chosenFilesProblem(files)).toBeNull();
    expect(chosenFilesProblem([...files, fileOf('mais.txt')])).toBe(messages.errors.tooManyAttachments);
  });

  it('refuses a file larger than the limit', () => {
    const big = fileOf('grande.bin');
    Object.defineProperty(big, 'size', { value: limits.attachmentMaxBytes + 1 });
    expect(chosenFilesProblem([big])).toBe(messages.errors.attachmentTooLarge);
  });
});

describe('formatFileSize', () => {
  it('reads as a person would', () => {
    expect(formatFileSize(500)).toBe('500 B');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
  });
});

describe('toAttachmentsFormData', () => {
  it('repeats the field files once per file, with the names as chosen', () => {
    const form = toAttachmentsFormData([fileOf('exame de sangue ção.txt'), fileOf('laudo.pdf')]);
    const files = form.getAll('files') as File[];
    expect(files.map((file) => file.name)).toEqual(['exame de sangue ção.txt', 'laudo.pdf']);
    expect([...form.keys()]).toEqual(['files', 'files']);
  });
});
