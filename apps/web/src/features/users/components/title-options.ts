import { titles, titlesForGender, type Gender, type Title } from '@consultorio/shared';

/** A select's value as a title; '' for none or anything unknown. */
export function asTitle(value: string | null): Title | '' {
  return titles.find((title) => title === value) ?? '';
}

/** The titles offered for a gender (`titlesForGender`): Sra./Dra. for female, Sr./Dr. for male or none, and the neutral Dr(a). for all. */
export function titleOptions(gender: Gender | ''): readonly Title[] {
  return titlesForGender(gender === '' ? null : gender);
}

/** The title kept after the gender changes: blank when it no longer fits. */
export function titleAfterGenderChange(title: Title | '', gender: Gender | ''): Title | '' {
  return title !== '' && titleOptions(gender).includes(title) ? title : '';
}
