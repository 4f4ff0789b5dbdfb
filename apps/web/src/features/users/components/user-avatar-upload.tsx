import { messages, type User } from '@consultorio/shared';
import { AvatarUpload } from '../../../components/avatar-upload';
import { PersonAvatar } from '../../../components/person-avatar';
import { useUploadAvatar } from '../api/upload-avatar';

export function UserAvatarUpload({ user }: { user: User }) {
  const upload = useUploadAvatar();
  return (
    <AvatarUpload
      avatar={
        <PersonAvatar
          size={120}
          radius={120}
          firstName={user.firstName}
          lastName={user.lastName}
          avatarExternalKey={user.avatarExternalKey}
        />
      }
      label={messages.account.uploadAvatar}
      uploadingLabel={messages.account.uploadingAvatar}
      isUploading={upload.isPending}
      onUpload={(file) => upload.mutate(file)}
    />
  );
}
