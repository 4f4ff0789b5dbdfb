import { messages, registrationForm } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { useRegister } from '../api/register';

const passwordLabels = { password: messages.fields.password, passwordConfirmation: messages.fields.passwordConfirmation };

interface RegisterFormProps {
  onRegistered: (registrationId: string) => void;
}

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const registration = useRegister();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(registrationForm),
    defaultValues: { username: '', email: '', firstName: '', lastName: '', password: '', passwordConfirmation: '' },
  });
  const { errors } = formState;
  const submit = handleSubmit(({ username, email, firstName, lastName, password }) =>
    registration.mutate(
      { username, email, firstName, lastName, password },
      { onSuccess: (response) => onRegistered(response.data.userRegistration.id) },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <TextInput
          label={messages.fields.username}
          placeholder={messages.placeholders.username}
          autoComplete="username"
          autoCapitalize="none"
          required
          error={errors.username?.message}
          {...register('username')}
        />
        <TextInput
          type="email"
          label={messages.fields.email}
          placeholder={messages.placeholders.email}
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <Group grow align="flex-start">
          <TextInput
            label={messages.fields.firstName}
            autoComplete="given-name"
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label={messages.fields.lastName}
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </Group>
        <NewPasswordFields labels={passwordLabels} register={register} errors={errors} />
        <Button type="submit" fullWidth disabled={registration.isPending}>
          {registration.isPending ? messages.register.submitting : messages.register.submit}
        </Button>
      </Stack>
    </form>
  );
}
