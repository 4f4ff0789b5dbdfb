import { Avatar, type AvatarProps } from '@mantine/core';
import { fileUrl, fullName } from '../lib/format';

interface PersonAvatarProps extends Omit<AvatarProps, 'src' | 'name' | 'alt'> {
  firstName: string;
  lastName: string | null;
  avatarExternalKey: string | null;
  /** Shown when there is no uploaded picture; without it the initials are shown. */
  defaultSrc?: string | null;
  /**
   * Without a picture, a person icon instead of the initials: for an avatar inside a control
   * named otherwise ('Minha Conta'), whose visible text must be part of its name (WCAG 2.5.3).
   */
  withoutInitials?: boolean;
}

/** The person's uploaded picture, else `defaultSrc`, else their initials (or a person icon). */
export function PersonAvatar({
  firstName,
  lastName,
  avatarExternalKey,
  defaultSrc = null,
  withoutInitials = false,
  ...avatarProps
}: PersonAvatarProps) {
  const name = fullName(firstName, lastName);
  return (
    <Avatar
      {...avatarProps}
      src={avatarExternalKey ? fileUrl(avatarExternalKey) : defaultSrc}
      alt={name}
      {...(withoutInitials ? {} : { name, color: 'initials' })}
    />
  );
}
