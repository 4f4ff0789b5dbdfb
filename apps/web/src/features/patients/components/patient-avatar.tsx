import type { Patient } from '@consultorio/shared';
import type { AvatarProps } from '@mantine/core';
import { defaultAvatarSrc } from '../../../components/default-avatar';
import { PersonAvatar } from '../../../components/person-avatar';

interface PatientAvatarProps extends Omit<AvatarProps, 'src' | 'name' | 'alt'> {
  patient: Pick<Patient, 'firstName' | 'lastName' | 'gender' | 'avatarExternalKey'>;
}

/** The patient's picture, or the default female or male one when none was uploaded. */
export function PatientAvatar({ patient, ...avatarProps }: PatientAvatarProps) {
  return (
    <PersonAvatar
      {...avatarProps}
      firstName={patient.firstName}
      lastName={patient.lastName}
      avatarExternalKey={patient.avatarExternalKey}
      defaultSrc={defaultAvatarSrc(patient.gender)}
    />
  );
}
