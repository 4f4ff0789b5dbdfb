import { byGender, type Gender } from '@consultorio/shared';
import femaleAvatarUrl from '../assets/avatar-female.svg';
import maleAvatarUrl from '../assets/avatar-male.svg';

/**
 * The picture shown for a person without an uploaded one: the female illustration for
 * 'female', the male one for 'male' and a blank gender (as the spec has it), and none (so the
 * initials show) for 'Outro' and 'Prefiro não informar'.
 */
export function defaultAvatarSrc(gender: Gender | null | undefined): string | null {
  if (gender === null || gender === undefined) return maleAvatarUrl;
  return byGender(gender, { male: maleAvatarUrl, female: femaleAvatarUrl, neutral: null });
}
