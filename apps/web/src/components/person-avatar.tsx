import { Avatar, type AvatarProps } from '@mantine/core';
import { fileUrl, fullName } from '../lib/format';

interface PersonAvatarProps extends Omit<AvatarProps, 'src' | 'name' | 'alt'> {
  firstName: string;
  lastName: string | null;
  avatarExternalKey: string | null;
  /** Shown when there is no uploaded picture; without it the initials are shown. */
  defaultSrc?: string | null;
}

/** The person's uploaded picture, else `defaultSrc`, else their initials. */
export function PersonAvatar({
  firstName,
  lastName,
  avatarExternalKey,
  defaultSrc = null,
  ...avatarProps
}: PersonAvatarProps) {
  const name = fullName(firstName, lastName);
  return (
    <Avatar
      {...avatarProps}
      src={avatarExternalKey ? fileUrl(avatarExternalKey) : defaultSrc}
      name={name}
      alt={name}
      color="initials"
    />
  );
}
