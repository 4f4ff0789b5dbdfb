import { messages } from '@consultorio/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from './password-field';

type NewPasswordFieldName = 'password' | 'passwordConfirmation';

interface NewPasswordFieldsProps {
  labels: Record<NewPasswordFieldName, string>;
  /** The page form's `register`: its fields are named `password` and `passwordConfirmation`. */
  register: (name: NewPasswordFieldName) => UseFormRegisterReturn;
  /** The page form's errors. */
  errors: Partial<Record<NewPasswordFieldName, { message?: string }>>;
}

/** A new password, with the rule it must follow, and its confirmation (registration, password change). */
export function NewPasswordFields({ labels, register, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={labels.password}
        description={messages.register.passwordHint}
        autoComplete="new-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={labels.passwordConfirmation}
        autoComplete="new-password"
        required
        error={errors.passwordConfirmation?.message}
        {...register('passwordConfirmation')}
      />
    </>
  );
}
