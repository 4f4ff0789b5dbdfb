import type { Gender } from '@consultorio/shared';
import femaleAvatarUrl from '../assets/avatar-female.svg';
import maleAvatarUrl from '../assets/avatar-male.svg';

/**
 * The picture shown for a person without an uploaded one: the female illustration for
 * 'female', the male one otherwise (a blank gender included).
 */
export function defaultAvatarSrc(gender: Gender | null | undefined): string {
  return gender === 'female' ? femaleAvatarUrl : maleAvatarUrl;
}
