import type { Gender } from '../constants/limits';

/** The forms of a word that agrees with a person's gender ('Bem-vindo', 'Bem-vinda', 'Bem-vindo(a)'). */
export interface GenderedForms<T = string> {
  male: T;
  female: T;
  /** For 'Outro', 'Prefiro não informar' and a gender not given. */
  neutral: T;
}

/** The form that agrees with `gender`: the neutral one unless the person chose male or female. */
export function byGender<T>(gender: Gender | null | undefined, forms: GenderedForms<T>): T {
  if (gender === 'male') return forms.male;
  if (gender === 'female') return forms.female;
  return forms.neutral;
}
