import { Avatar, type AvatarProps } from '@mantine/core';
import { fileUrl, fullName } from '../lib/format';

interface PersonAvatarProps extends Omit<AvatarProps, 'src' | 'name' | 'alt'> {
  firstName: string;
  lastName: string | null;
  avatarExternalKey: string | null;
}

/** The person's uploaded picture, or their initials when there is none. */
export function PersonAvatar({ firstName, lastName, avatarExternalKey, ...avatarProps }: PersonAvatarProps) {
  const name = fullName(firstName, lastName);
  return (
    <Avatar
      {...avatarProps}
      src={avatarExternalKey ? fileUrl(avatarExternalKey) : null}
      name={name}
      alt={name}
      color="initials"
    />
  );
}
